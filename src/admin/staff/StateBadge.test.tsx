// An attempt refused for lack of places reads 'Sin cupo', a declined card 'Fallida' (issue 54).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StateBadge } from './StateBadge.tsx';

describe('StateBadge', () => {
  it("says 'Sin cupo' for an attempt refused for lack of places, 'Fallida' for a declined card", () => {
    const { unmount } = render(<StateBadge state="failed" failure="no_places" />);
    expect(screen.getByText('Sin cupo')).toBeInTheDocument();
    expect(screen.queryByText('Fallida')).toBeNull();
    unmount();
    render(<StateBadge state="failed" failure={null} />);
    expect(screen.getByText('Fallida')).toBeInTheDocument();
  });
});
