// `chars_from` and `fallback` name files, resolved as the font's path is.
static MISSING_STRINGS: sprig::render::font::AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars_from = "strings/missing.txt",
);
static NOT_A_PATH: sprig::render::font::AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = ascii,
    chars_from = 12,
    fallback = true,
);
static MISSING_FALLBACK: sprig::render::font::AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = ascii,
    fallback = "fonts/missing.ttf",
);
// The app's Chinese strings need the CJK fallback: without it, the Latin font lacks
// their ideographs; the error is at the file that asks for them.
static NO_FALLBACK: sprig::render::font::AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars_from = "../../examples/assets/strings/thermostat-zh.txt",
);
// With a fallback that lacks one too, both fonts are named.
static NEITHER: sprig::render::font::AaFont = sprig::font!(
    "../../examples/assets/fonts/DejaVuSans-latin1.ttf",
    size = 16,
    chars = ascii | "雪",
    chars_from = "../../examples/assets/strings/thermostat-zh.txt",
    fallback = "../../examples/assets/fonts/DroidSansFallback-zh.ttf",
);

fn main() {}
