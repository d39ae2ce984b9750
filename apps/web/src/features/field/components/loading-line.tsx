/**
 * A spinner and what is loading, announced politely (components/loading-state.tsx in the field kit).
 * `inline` draws it as one line of body2 where the answer will be a line or two (the desk's
 * exercises: no block to collapse, so nothing below it moves when the answer comes, issue #32).
 */
export function LoadingLine({ message, inline = false }: { message: string; inline?: boolean }) {
  return (
    <div role="status" className={inline ? 'fk-loading fk-loading--inline' : 'fk-loading'}>
      <span className={inline ? 'fk-spinner' : 'fk-spinner fk-spinner--large'} aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}
