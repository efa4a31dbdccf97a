import { describe, expect, it } from 'vitest';
import { renderTemplate } from './render.ts';
import { templateProblem } from './template-check.ts';

const vars = ['recipientName', 'route'];

describe('templateProblem', () => {
  it('accepts known variables, with or without inner spaces, and text without any', () => {
    expect(templateProblem('Hi {{recipientName}}, {{ route }}', vars, 'Subject Template')).toBeNull();
    expect(templateProblem('No placeholders at all', vars, 'Subject Template')).toBeNull();
  });

  it('refuses an unclosed placeholder, naming the field', () => {
    expect(templateProblem('Hi {{recipientName', vars, 'HTML Template')).toBe('A {{ placeholder is not closed in HTML Template');
    expect(templateProblem('{{route}} then {{', vars, 'Subject Template')).toBe('A {{ placeholder is not closed in Subject Template');
  });

  it('refuses a variable the template does not have, and a malformed name', () => {
    expect(templateProblem('{{password}}', vars, 'HTML Template')).toBe('Unknown variable {{password}} in HTML Template');
    expect(templateProblem('{{ a b }}', vars, 'HTML Template')).toBe('Unknown variable {{a b}} in HTML Template');
  });

  it('what it accepts renders every placeholder', () => {
    const t = '<p>{{ recipientName }} / {{route}}</p>';
    expect(templateProblem(t, vars, 'HTML Template')).toBeNull();
    expect(renderTemplate(t, { recipientName: '<b>Ann</b>', route: 'JFK' }, true)).toBe('<p>&lt;b&gt;Ann&lt;/b&gt; / JFK</p>');
  });
});
