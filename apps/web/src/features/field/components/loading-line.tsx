/** A spinner and what is loading, announced politely (components/loading-state.tsx in the field kit). */
export function LoadingLine({ message }: { message: string }) {
  return (
    <div role="status" className="fk-loading">
      <span className="fk-spinner fk-spinner--large" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
