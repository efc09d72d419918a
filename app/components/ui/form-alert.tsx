/** A form-wide error (one that belongs to no single field), announced at once. */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-danger">
      {message}
    </p>
  );
}
