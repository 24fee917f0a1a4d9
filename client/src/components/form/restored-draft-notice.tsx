// Says that the form shows work kept in this browser rather than what the server holds, with a way
// to throw it away: the post forms' and the site settings' (docs/decisions/025).
export function RestoredDraftNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div className="form-restored" role="status">
      <p>Draft restored: the form shows what you typed here last time, not yet saved.</p>
      <button className="button button-secondary" type="button" onClick={onDiscard}>
        Discard draft
      </button>
    </div>
  );
}
