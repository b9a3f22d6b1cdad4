import { AVAILABLE_ROLES, type RoleName } from '../roles.js';

/** Demo mode only (see roles.ts): a production page has no roles to switch between. */
export function RoleSwitcher({ role, onChange }: { role: RoleName; onChange(role: RoleName): void }) {
  return (
    <fieldset className="roles" aria-label="Role">
      <legend>View as</legend>
      {AVAILABLE_ROLES.map((r) => (
        <label key={r.role} className={r.role === role ? 'active' : undefined}>
          <input
            type="radio"
            name="role"
            value={r.role}
            checked={r.role === role}
            onChange={() => onChange(r.role)}
            data-testid={`role-${r.role}`}
          />
          {r.label}
        </label>
      ))}
    </fieldset>
  );
}
