/** An honest empty state for a section whose features are not built yet. */
export function NotYetSection({ text }: { text: string }) {
  return (
    <section className="empty-state" aria-label="Not available yet">
      <p>{text}</p>
    </section>
  );
}
