static EMPTY: sprig::render::font::AaFont =
    sprig::font!("../Cargo.toml", size = 32, chars = "");
static REPEATED: sprig::render::font::AaFont =
    sprig::font!("../Cargo.toml", size = 32, chars = "12:301");
static NOT_A_STRING: sprig::render::font::AaFont =
    sprig::font!("../Cargo.toml", size = 32, chars = 12);

fn main() {}
