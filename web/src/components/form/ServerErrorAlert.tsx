/**
 * The server's answer to a form that belongs to no field of it (a block, a limit, an outage), as
 * an alert; nothing when there is none. `inline` makes it a line of red text, for a form inside
 * another notice.
 */
export function ServerErrorAlert({
  message,
  inline,
  className,
}: {
  message: string | null | undefined;
  inline?: boolean;
  className?: string;
}) {
  if (!message) return null;
  const base = inline ? 'small text-danger mt-2 mb-0' : 'alert alert-danger';
  return (
    <div className={className ? `${base} ${className}` : base} role="alert">
      {message}
    </div>
  );
}
