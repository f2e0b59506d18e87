"""Converts the SDL2 game's screenshot (a 24- or 32-bit BMP as SDL_SaveBMP writes it) to PNG.

    python3 bmp_to_png.py IN.bmp OUT.png

Standard library only; used by test.sh --images to refresh docs/images/.
"""
import struct
import sys
import zlib


def read_bmp(data):
    """Returns width, height and the rows top to bottom as RGB bytes."""
    if data[:2] != b"BM":
        raise ValueError("not a BMP file")
    offset, = struct.unpack_from("<I", data, 10)
    width, height = struct.unpack_from("<ii", data, 18)
    bits, = struct.unpack_from("<H", data, 28)
    if bits not in (24, 32):
        raise ValueError(f"{bits}-bit BMP: only 24 and 32 bits are read")
    step = bits // 8
    stride = (width * step + 3) & ~3
    rows = []
    for y in range(abs(height)):
        # A positive height stores the rows bottom to top.
        src = abs(height) - 1 - y if height > 0 else y
        start = offset + src * stride
        row = bytearray()
        for x in range(width):
            b, g, r = data[start + x * step:start + x * step + 3]
            row += bytes((r, g, b))
        rows.append(bytes(row))
    return width, abs(height), rows


def png(width, height, rows):
    def chunk(kind, body):
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))
    raw = b"".join(b"\0" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: bmp_to_png.py IN.bmp OUT.png")
    with open(sys.argv[1], "rb") as f:
        width, height, rows = read_bmp(f.read())
    with open(sys.argv[2], "wb") as f:
        f.write(png(width, height, rows))


if __name__ == "__main__":
    main()
