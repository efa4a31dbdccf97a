// Email Templates (docs/product-spec.md section 2): the list (icon, name, description, three variable badges and
// "+N more"); the selected one's variables, subject and HTML; Preview with sample values in a
// sandboxed frame (no scripts, no same origin); Edit and Save. The server refuses a template that
// does not parse, and its message is the toast's.
import { useState, type ReactNode } from 'react';
import type { EmailTemplateType } from '#protocol/enums.ts';
import { TEMPLATE_VARIABLE_BADGES } from '#protocol/limits.ts';
import { ADMIN_MSG } from '#protocol/messages/admin.ts';
import type { EmailTemplateItem } from '#protocol/shapes.ts';
import { serverMessage } from '../../api/client.ts';
import { TextAreaField, TextField } from '../../components/Field.tsx';
import { MessageIcon, PlaneIcon, RepeatIcon, UsersIcon } from '../../components/Icons.tsx';
import { useAdminTemplatesStore } from '../../stores/useAdminStore.ts';
import { toast } from '../../stores/useToastStore.ts';
import { ADMIN_TEXT } from '../../texts/admin.ts';
import { COMMON_TEXT } from '../../texts/common.ts';
import { fillTemplate, TEMPLATE_DESCRIPTIONS } from './adminFormat.ts';
import { ListStatus } from './ListStatus.tsx';

const ICONS: Record<EmailTemplateType, ReactNode> = {
  drop_trade_request: <PlaneIcon />,
  pickup_trade_request: <UsersIcon />,
  trade_trade_request: <RepeatIcon />,
  message_trade_request: <MessageIcon />,
  counter_trade_request: <RepeatIcon />,
  standing_rule_accepted: <PlaneIcon />,
  match_notification: <MessageIcon />,
  chain_notification: <RepeatIcon />,
};

type Draft = Pick<EmailTemplateItem, 'templateName' | 'subjectTemplate' | 'htmlTemplate'>;
const draftOf = (t: EmailTemplateItem): Draft => ({
  templateName: t.templateName,
  subjectTemplate: t.subjectTemplate,
  htmlTemplate: t.htmlTemplate,
});

function TemplateDetail({ template }: { template: EmailTemplateItem }) {
  const [preview, setPreview] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = draft ?? draftOf(template);
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...shown, [field]: e.target.value });

  async function save() {
    if (!draft) return;
    setSaving(true);
    try {
      await useAdminTemplatesStore.getState().save(template.templateType, draft);
      toast({ title: ADMIN_MSG.templateUpdatedTitle, description: ADMIN_MSG.templateUpdated });
      setDraft(null);
    } catch (err) {
      toast({ title: COMMON_TEXT.errorTitle, description: serverMessage(err) ?? ADMIN_MSG.templateUpdateFailed, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card admin-section template-detail" aria-labelledby="template-heading">
      <div className="admin-section-head">
        <h2 id="template-heading">{template.templateName}</h2>
        <div className="row-actions">
          <button type="button" className="button button-outline button-sm" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
            {preview ? ADMIN_TEXT.hidePreview : ADMIN_TEXT.preview}
          </button>
          <button type="button" className="button button-outline button-sm" onClick={() => setDraft(draft ? null : draftOf(template))}>
            {draft ? COMMON_TEXT.cancel : ADMIN_TEXT.edit}
          </button>
          {draft && (
            <button type="button" className="button button-primary button-sm" disabled={saving} onClick={() => void save()}>
              {saving ? ADMIN_TEXT.saving : ADMIN_TEXT.save}
            </button>
          )}
        </div>
      </div>
      <div className="template-variables" aria-label={ADMIN_TEXT.variables}>
        {template.variables.map((v) => (
          <code key={v} className="variable-badge">{`{{${v}}}`}</code>
        ))}
      </div>
      {draft ? (
        <div className="template-form">
          <TextField label={ADMIN_TEXT.templateName} value={shown.templateName} onChange={set('templateName')} />
          <TextField label={ADMIN_TEXT.subjectTemplate} value={shown.subjectTemplate} onChange={set('subjectTemplate')} />
          <TextAreaField
            label={ADMIN_TEXT.htmlTemplate}
            value={shown.htmlTemplate}
            onChange={set('htmlTemplate')}
            rows={15}
            className="monospace"
            spellCheck={false}
          />
        </div>
      ) : (
        <dl className="template-source">
          <dt>{ADMIN_TEXT.subjectTemplate}</dt>
          <dd>
            <code>{template.subjectTemplate}</code>
          </dd>
          <dt>{ADMIN_TEXT.htmlTemplate}</dt>
          <dd>
            {/* Focusable: a long template scrolls inside its box, and a keyboard must reach that too. */}
            <pre className="template-html" tabIndex={0}>
              {template.htmlTemplate}
            </pre>
          </dd>
        </dl>
      )}
      {preview && (
        <div className="template-preview">
          <p className="template-preview-subject">
            <strong>Subject:</strong> {fillTemplate(shown.subjectTemplate, false)}
          </p>
          <iframe
            className="template-preview-frame"
            title={`${ADMIN_TEXT.preview}: ${shown.templateName}`}
            sandbox=""
            srcDoc={fillTemplate(shown.htmlTemplate, true)}
          />
        </div>
      )}
    </section>
  );
}

export function EmailTemplatesTab() {
  const { items, loaded, error, fetch } = useAdminTemplatesStore();
  const [selected, setSelected] = useState<EmailTemplateType | null>(null);
  const current = items.find((t) => t.templateType === selected) ?? null;

  return (
    <div className="templates-layout">
      <section className="card admin-section" aria-labelledby="templates-heading">
        <h2 id="templates-heading">{ADMIN_TEXT.tabEmailTemplates}</h2>
        <ListStatus
          loaded={loaded}
          error={error}
          empty={items.length === 0}
          emptyText={ADMIN_MSG.templateNotFound}
          retry={() => void fetch()}
        >
          <ul className="template-list">
            {items.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  className={`template-item${t.templateType === selected ? ' template-item-selected' : ''}`}
                  aria-pressed={t.templateType === selected}
                  onClick={() => setSelected(t.templateType)}
                >
                  <span className="template-icon" aria-hidden="true">
                    {ICONS[t.templateType]}
                  </span>
                  <span className="template-item-text">
                    <span className="person-name">{t.templateName}</span>
                    <span className="person-email">{TEMPLATE_DESCRIPTIONS[t.templateType]}</span>
                    <span className="template-variables">
                      {t.variables.slice(0, TEMPLATE_VARIABLE_BADGES).map((v) => (
                        <span key={v} className="variable-badge">
                          {v}
                        </span>
                      ))}
                      {t.variables.length > TEMPLATE_VARIABLE_BADGES && (
                        <span className="variable-badge variable-more">+{t.variables.length - TEMPLATE_VARIABLE_BADGES} more</span>
                      )}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </ListStatus>
      </section>
      {current ? (
        <TemplateDetail key={current.templateType} template={current} />
      ) : (
        <section className="card empty-state template-empty">
          <h2>{ADMIN_MSG.selectTemplate}</h2>
          <p className="muted">Choose a template on the left to see, preview and edit it.</p>
        </section>
      )}
    </div>
  );
}
