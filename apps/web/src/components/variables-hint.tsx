import './prompt-variables.css';

/** The share form's one-line explanation of prompt variables. */
export function VariablesHint({ id }: { readonly id?: string }) {
  return (
    <p id={id} className="variables-hint">
      Tip: write <code>{'{{name}}'}</code> or <code>[name]</code> for the parts people fill in before copying.
    </p>
  );
}
