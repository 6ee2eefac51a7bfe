/** A plain message box: errors and warnings are alerts, confirmations are polite status updates. */
export function Notice({ tone, children }: { tone: 'error' | 'warning' | 'success'; children: string }) {
  return (
    <div className="ui-notice" data-tone={tone} role={tone === 'success' ? 'status' : 'alert'}>
      {/* Isolated, so a sentence keeps its full stop at its end in a right-to-left page. */}
      <bdi>{children}</bdi>
    </div>
  );
}
