import { describe, expect, it } from 'vitest';
import { chooseBox, inchesFor } from './parcel-boxes.ts';

const box = (id: number, lengthMm: number, widthMm: number, heightMm: number) => ({ id, lengthMm, widthMm, heightMm });
const item = (lengthMm: number | null, widthMm: number | null, heightMm: number | null, quantity = 1) => ({ lengthMm, widthMm, heightMm, quantity });

// a paddle: 420 x 200 x 25 mm; a ball tube: 290 x 75 x 75 mm
const paddleMailer = box(1, 450, 230, 60);
const cube = box(2, 300, 300, 300);
const netCarton = box(3, 1000, 400, 300);

describe('chooseBox', () => {
  it('picks the smallest box by volume that the items fit, turning each item to fit', () => {
    expect(chooseBox([netCarton, cube, paddleMailer], [item(420, 200, 25)])).toBe(paddleMailer);
    // two paddles stack in the mailer (2 x 2.1 l of its 6.2 l); a ball tube is 75 mm thick, more than the mailer's 60: the cube
    expect(chooseBox([netCarton, cube, paddleMailer], [item(420, 200, 25, 2)])).toBe(paddleMailer);
    expect(chooseBox([netCarton, cube, paddleMailer], [item(75, 290, 75, 3)])).toBe(cube);
  });

  it('goes to a larger box when the longest side or the volume does not fit the smaller', () => {
    // a paddle is longer than the cube is wide: the carton, although the cube holds its volume
    expect(chooseBox([cube, netCarton], [item(420, 200, 25)])).toBe(netCarton);
    // six paddles (12.6 l) are more than the mailer holds
    expect(chooseBox([paddleMailer, netCarton], [item(420, 200, 25, 6)])).toBe(netCarton);
  });

  it('answers null when nothing fits, and the smallest box for items nobody measured', () => {
    expect(chooseBox([paddleMailer, cube], [item(1200, 100, 100)])).toBeNull();
    expect(chooseBox([], [item(10, 10, 10)])).toBeNull();
    expect(chooseBox([netCarton, cube], [item(null, null, null, 4)])).toBe(cube);
  });
});

describe('inchesFor', () => {
  it('rounds up to a tenth of an inch', () => {
    expect(inchesFor(254)).toBe(10);
    expect(inchesFor(255)).toBe(10.1);
    expect(inchesFor(450)).toBe(17.8);
  });
});
