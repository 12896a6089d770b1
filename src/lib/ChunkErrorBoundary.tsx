// A page whose code cannot be downloaded (a phone network that drops, or a new version that
// replaced the files) shows a message and a way to try again instead of a blank screen. React
// remembers a failed lazy import, so trying again means loading the page afresh.
import { Component, type ReactNode } from 'react';

export const CHUNK_ERROR_MESSAGE = 'No se pudo cargar esta página. Revise su conexión e inténtelo de nuevo.';

interface Props {
  children: ReactNode;
  /** What shows instead (default: the message and 'Reintentar'); null for parts that may vanish. */
  fallback?: ReactNode;
}

export class ChunkErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <main className="container py-5 text-center">
        <p role="alert">{CHUNK_ERROR_MESSAGE}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reintentar
        </button>
      </main>
    );
  }
}
