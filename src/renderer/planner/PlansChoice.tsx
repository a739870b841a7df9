import type { PlanView } from './fields';

/** Which content plans a post belongs to: one checkbox per plan. */
export function PlansChoice({
  plans,
  chosen,
  onChange,
}: {
  plans: readonly PlanView[];
  chosen: ReadonlySet<string>;
  onChange(next: Set<string>): void;
}) {
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <fieldset className="planner-fieldset" data-testid="post-plans">
      <legend>Plans</legend>
      {plans.length === 0 ? (
        <p className="muted">No content plans yet; create one on the Calendar tab.</p>
      ) : (
        <div className="planner-checks">
          {plans.map((p) => (
            <label key={p.id} className="checkbox">
              <input
                type="checkbox"
                data-testid={`post-plan-${p.id}`}
                checked={chosen.has(p.id)}
                onChange={(e) => toggle(p.id, e.target.checked)}
              />
              {p.title}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
