import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_ERROR_MESSAGE, ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';

// A page whose chunk cannot be downloaded, as on a dropped phone connection.
const Offline = lazy(() => Promise.reject(new Error('Loading chunk 42 failed.')));

describe('ChunkErrorBoundary', () => {
  it('shows a message and Reintentar instead of a blank page when a page cannot be downloaded', async () => {
    // React reports the caught error on the console; the test is about what the parent sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ChunkErrorBoundary>
        <Suspense fallback={<p>Cargando…</p>}>
          <Offline />
        </Suspense>
      </ChunkErrorBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(CHUNK_ERROR_MESSAGE);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('lets a part that may vanish (the toasts) render nothing instead', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <p>La página sigue</p>
        <ChunkErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <Offline />
          </Suspense>
        </ChunkErrorBoundary>
      </>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('La página sigue')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
