import type { HttpError } from '@refinedev/core';

/** A refused call: the server's sentence, and each field error beside its field's name. */
export function ErrorBox({ error }: { error: HttpError | null | undefined }) {
  if (!error) return null;
  return (
    <div className="error" role="alert" data-testid="admin-error">
      <strong>{error.statusCode ? `${error.statusCode}: ` : ''}</strong>
      {error.message}
      {error.errors && (
        <ul>
          {Object.entries(error.errors).map(([field, messages]) => (
            <li key={field} data-testid={`field-error-${field}`}>
              {field}: {Array.isArray(messages) ? messages.join('; ') : String(messages)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
