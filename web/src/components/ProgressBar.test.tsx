import { act, render, screen } from '@testing-library/react';
import { ProgressBar } from './ProgressBar';
import {
  PROGRESS_BAR_DURATION_MS,
  PROGRESS_BAR_HIDE_DELAY_MS,
  PROGRESS_BAR_THROTTLE_MS,
} from '../config/constants';

describe('ProgressBar', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('uses the spec timings: 200 ms throttle, 5000 ms duration, 500 ms hide delay', () => {
    expect([
      PROGRESS_BAR_THROTTLE_MS,
      PROGRESS_BAR_DURATION_MS,
      PROGRESS_BAR_HIDE_DELAY_MS,
    ]).toEqual([200, 5000, 500]);
  });

  it('is not shown before 200 ms of loading and is shown from then on', () => {
    render(<ProgressBar active />);
    act(() => jest.advanceTimersByTime(199));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    const bar = screen.getByRole('progressbar');
    expect(bar.firstElementChild).toHaveStyle({ animationDuration: '5000ms' });
  });

  it('never appears for a load that finishes within 200 ms', () => {
    const { rerender } = render(<ProgressBar active />);
    act(() => jest.advanceTimersByTime(150));
    rerender(<ProgressBar active={false} />);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('completes and hides 500 ms after loading is done', () => {
    const { rerender } = render(<ProgressBar active />);
    act(() => jest.advanceTimersByTime(PROGRESS_BAR_THROTTLE_MS));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    rerender(<ProgressBar active={false} />);
    expect(screen.getByRole('progressbar')).toHaveClass('is-done');
    act(() => jest.advanceTimersByTime(499));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
