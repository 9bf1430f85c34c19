/** Spec §2: the fallback for any path a signed-in, verified user cannot open. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60dvh] items-center justify-center p-6">
      <h1 className="text-xl font-semibold">Page Not Found</h1>
    </div>
  );
}
