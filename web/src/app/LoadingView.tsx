export function LoadingView({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="loading-view" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
