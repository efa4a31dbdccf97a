// Form fields: every control has a <label>; the error (and hint) sit under it and describe it.
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { describedBy as describedByIds, errorIdOf, hintIdOf } from '../lib/fieldMarkup.ts';

interface FieldShellProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

function FieldShell({ id, label, error, hint, children, className }: FieldShellProps) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <p id={hintIdOf(id)} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorIdOf(id)} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: ReactNode) => describedByIds(id, Boolean(error), Boolean(hint));

type Common = { label: string; error?: string; hint?: ReactNode; fieldClassName?: string };

export function TextField({ label, error, hint, fieldClassName, id: givenId, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...input} />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  fieldClassName,
  id: givenId,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...select}>
        {children}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  fieldClassName,
  id: givenId,
  ...area
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={fieldClassName}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...area} />
    </FieldShell>
  );
}

/** A form-level message (server error) announced at once. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="alert alert-error">
      {children}
    </div>
  );
}
