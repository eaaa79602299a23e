//! A reader for binary PPM (`P6`) images, the default format of QEMU's `screendump`.

/// An 8-bit RGB image, row by row from the top left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RgbImage {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// `width * height` pixels, row-major.
    pub pixels: Vec<[u8; 3]>,
}

impl RgbImage {
    /// The pixel at column `x`, row `y`, or `None` outside the image.
    pub fn pixel(&self, x: usize, y: usize) -> Option<[u8; 3]> {
        if x < self.width && y < self.height {
            self.pixels.get(y * self.width + x).copied()
        } else {
            None
        }
    }
}

/// Largest width or height accepted, a guard against absurd headers.
const MAX_SIDE: usize = 1 << 15;

/// Reads the next header field: skips whitespace and `#` comments (which run to the end
/// of the line), then returns the decimal number that follows.
fn header_number(bytes: &[u8], pos: &mut usize, what: &str) -> Result<usize, String> {
    loop {
        match bytes.get(*pos) {
            Some(b) if b.is_ascii_whitespace() => *pos += 1,
            Some(b'#') => {
                while bytes.get(*pos).is_some_and(|&b| b != b'\n' && b != b'\r') {
                    *pos += 1;
                }
            }
            Some(_) => break,
            None => return Err(format!("PPM header ends before the {what}")),
        }
    }
    let start = *pos;
    while bytes.get(*pos).is_some_and(u8::is_ascii_digit) {
        *pos += 1;
    }
    if start == *pos {
        let found = bytes.get(start).map_or(String::from("end of data"), |b| {
            format!("{:?}", char::from(*b))
        });
        return Err(format!("PPM {what}: expected a number, found {found}"));
    }
    let text = std::str::from_utf8(&bytes[start..*pos]).map_err(|e| format!("PPM {what}: {e}"))?;
    text.parse::<usize>()
        .map_err(|e| format!("PPM {what} {text:?}: {e}"))
}

/// Parses a binary PPM (`P6`) image with a maximum value of 255.
///
/// The header is `P6`, width, height and maximum value, separated by whitespace and
/// optional `#` comments, then exactly one whitespace byte before the pixel data.
/// Bytes after the last pixel are ignored.
pub fn parse_ppm(bytes: &[u8]) -> Result<RgbImage, String> {
    if !bytes.starts_with(b"P6") {
        let magic = String::from_utf8_lossy(&bytes[..bytes.len().min(2)]).into_owned();
        return Err(format!(
            "not a binary PPM: the file starts with {magic:?}, not \"P6\""
        ));
    }
    let mut pos = 2;
    if !bytes
        .get(pos)
        .is_some_and(|b| b.is_ascii_whitespace() || *b == b'#')
    {
        return Err(String::from(
            "PPM magic \"P6\" must be followed by whitespace",
        ));
    }
    let width = header_number(bytes, &mut pos, "width")?;
    let height = header_number(bytes, &mut pos, "height")?;
    let maxval = header_number(bytes, &mut pos, "maximum value")?;
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(format!(
            "PPM size {width}x{height} is out of range (1..={MAX_SIDE} on each side)"
        ));
    }
    if maxval != 255 {
        return Err(format!(
            "PPM maximum value {maxval} is not supported (only 255)"
        ));
    }
    match bytes.get(pos) {
        Some(b) if b.is_ascii_whitespace() => pos += 1,
        _ => {
            return Err(String::from(
                "PPM header must end with one whitespace byte after the maximum value",
            ))
        }
    }
    let needed = width * height * 3;
    let data = &bytes[pos..];
    if data.len() < needed {
        return Err(format!(
            "PPM pixel data is truncated: {} bytes for {width}x{height}, {needed} needed",
            data.len()
        ));
    }
    let pixels = data[..needed]
        .chunks_exact(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    Ok(RgbImage {
        width,
        height,
        pixels,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ppm(header: &str, data: &[u8]) -> Vec<u8> {
        let mut bytes = header.as_bytes().to_vec();
        bytes.extend_from_slice(data);
        bytes
    }

    #[test]
    fn parses_a_small_image_with_comments() {
        let data = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
        let image = parse_ppm(&ppm("P6\n# made by hand\n2 2\n255\n", &data)).expect("a valid PPM");
        assert_eq!((image.width, image.height), (2, 2));
        assert_eq!(image.pixel(0, 0), Some([1, 2, 3]));
        assert_eq!(image.pixel(1, 0), Some([4, 5, 6]));
        assert_eq!(image.pixel(0, 1), Some([7, 8, 9]));
        assert_eq!(image.pixel(1, 1), Some([10, 11, 12]));
        assert_eq!(image.pixel(2, 0), None);
    }

    #[test]
    fn pixel_data_may_start_with_whitespace_bytes() {
        // The single separator is consumed; a pixel value of b'\n' (10) is data.
        let image = parse_ppm(&ppm("P6 1 1 255\n", &[10, 32, 9])).expect("valid");
        assert_eq!(image.pixels, vec![[10, 32, 9]]);
    }

    #[test]
    fn qemu_header_layout() {
        let data = vec![0u8; 512 * 256 * 3];
        let image = parse_ppm(&ppm("P6\n512 256\n255\n", &data)).expect("valid");
        assert_eq!((image.width, image.height), (512, 256));
    }

    #[test]
    fn rejects_other_formats() {
        let err = parse_ppm(b"P3\n1 1\n255\n0 0 0\n").expect_err("P3 is ASCII");
        assert!(err.contains("not a binary PPM"), "{err}");
        assert!(parse_ppm(b"").is_err());
        assert!(parse_ppm(b"\x89PNG\r\n").is_err());
    }

    #[test]
    fn rejects_malformed_headers() {
        let err = parse_ppm(b"P6\nx 1\n255\n").expect_err("bad width");
        assert!(err.contains("width"), "{err}");
        let err = parse_ppm(b"P6\n1").expect_err("no height");
        assert!(err.contains("height"), "{err}");
        let err = parse_ppm(b"P6\n0 1\n255\n").expect_err("zero width");
        assert!(err.contains("out of range"), "{err}");
        let err = parse_ppm(b"P6\n1 1\n65535\n\0\0\0\0\0\0").expect_err("16-bit");
        assert!(err.contains("not supported"), "{err}");
        let err = parse_ppm(b"P61 1 255\n\0\0\0").expect_err("no separator");
        assert!(err.contains("whitespace"), "{err}");
        let err = parse_ppm(b"P6\n99999999999999999999999 1\n255\n").expect_err("overflow");
        assert!(err.contains("width"), "{err}");
    }

    #[test]
    fn rejects_truncated_data() {
        let err = parse_ppm(&ppm("P6\n2 2\n255\n", &[0; 11])).expect_err("short");
        assert!(err.contains("truncated"), "{err}");
    }
}
