import { croppedName, maxZoom, outputSize, rotatedSize, turned } from './crop-image';

describe('the crop step', () => {
  it('turns a quarter at a time, left and right, round the full circle', () => {
    expect(turned(0, 90)).toBe(90);
    expect(turned(270, 90)).toBe(0);
    expect(turned(0, -90)).toBe(270);
    expect(turned(90, -90)).toBe(0);
  });

  it('swaps width and height of a photo turned a quarter, not of one turned a half', () => {
    expect(rotatedSize({ width: 900, height: 600 }, 90)).toEqual({ width: 600, height: 900 });
    expect(rotatedSize({ width: 900, height: 600 }, 180)).toEqual({ width: 900, height: 600 });
  });

  it('lets the member zoom in only as far as the server still takes the photo', () => {
    // a landscape 900x600 at 4:5: the crop is 480x600 at no zoom; 200 px is the minimum side
    expect(maxZoom({ width: 900, height: 600 }, 0, 200)).toBeCloseTo(2.4);
    // turned, it is portrait 600x900: the crop is 600x750
    expect(maxZoom({ width: 900, height: 600 }, 90, 200)).toBe(3);
    // never more than 4x, never less than none
    expect(maxZoom({ width: 4000, height: 5000 }, 0, 200)).toBe(4);
    expect(maxZoom({ width: 150, height: 150 }, 0, 200)).toBe(1);
  });

  it('keeps a cropped area as it is, or scales a large one down to 2048 px', () => {
    expect(outputSize({ x: 0, y: 0, width: 480, height: 600 })).toEqual({
      width: 480,
      height: 600,
      scale: 1,
    });
    expect(outputSize({ x: 10, y: 10, width: 3200, height: 4000 })).toEqual({
      width: 1638,
      height: 2048,
      scale: 0.512,
    });
  });

  it('names the cropped file after the original, as a JPEG', () => {
    expect(croppedName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(croppedName('strand.vakantie.png')).toBe('strand.vakantie.jpg');
    expect(croppedName('foto')).toBe('foto.jpg');
    expect(croppedName('.png')).toBe('photo.jpg');
  });
});
