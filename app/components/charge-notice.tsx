// The charge a form would add to this month's bill (a student pack), said before the form is sent: computed on the
// server (billing-state.server.ts `studentCharge`), so it reads the same with and without JavaScript.

export function ChargeNotice({ message, id = 'charge-notice' }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p className="alert warning" id={id} data-testid="charge-notice">
      {message}
    </p>
  );
}
