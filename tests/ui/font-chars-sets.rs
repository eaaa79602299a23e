// The parts of a `chars` set, each mistake at its own tokens.
static UNKNOWN_SET: sprig::render::font::AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = ascii | latin2,
);
static BACKWARDS: sprig::render::font::AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = "°" | 'z'..='a',
);
static EXCLUSIVE: sprig::render::font::AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = 'a'..'z',
);
// The Latin font has no ideographs: the error is at the range that names them.
static NO_IDEOGRAPHS: sprig::render::font::AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = latin1 | '\u{4e00}'..='\u{4e03}',
);

fn main() {}
