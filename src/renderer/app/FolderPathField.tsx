/** Browser mode has no folder dialog: the full path of a folder on the computer running Atelier, typed. */
export function FolderPathField({
  id,
  testId,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  testId: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Folder on the computer running Atelier</label>
      <input
        id={id}
        data-testid={testId}
        className="mono"
        maxLength={4096}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <span className="field-hint">Browser mode cannot show a folder dialog: type the full path.</span>
    </div>
  );
}
