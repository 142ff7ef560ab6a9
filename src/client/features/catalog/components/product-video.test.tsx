import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductVideo } from './product-video.tsx';

describe('the product video', () => {
  it('opens no frame until the shopper presses play, then the no-cookie YouTube player in its place', async () => {
    const { container } = render(<ProductVideo video={{ provider: 'youtube', id: 'dQw4w9WgXcQ' }} productName="Vector Pro" />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByText('Plays from YouTube when you press play')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Play video of Vector Pro' }));

    const frame = screen.getByTitle('Vector Pro video');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    expect(screen.queryByRole('button', { name: /Play video/ })).not.toBeInTheDocument();
  });

  it("plays Vimeo's player with Do Not Track", async () => {
    render(<ProductVideo video={{ provider: 'vimeo', id: '76979871' }} productName="Court Bag" />);
    await userEvent.click(screen.getByRole('button', { name: 'Play video of Court Bag' }));
    expect(screen.getByTitle('Court Bag video')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
  });
});
