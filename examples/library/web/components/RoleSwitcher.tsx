import { ROLES, type RoleName } from '../roles.js';

export function RoleSwitcher({ role, onChange }: { role: RoleName; onChange(role: RoleName): void }) {
  return (
    <fieldset className="roles" aria-label="Role">
      <legend>View as</legend>
      {ROLES.map((r) => (
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
