//! The showcase's words, in English and (feature `zh`) Chinese: the same labels and
//! layout, other strings and fonts. The characters of each set are in
//! `assets/strings/showcase-en.txt` and `showcase-zh.txt`; `font!` keeps only their glyphs.

/// Every word the showcase shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strings {
    /// The menu's modes, in [`Mode::ALL`](super::Mode::ALL) order.
    pub modes: [&'static str; 4],
    /// Before the room's temperature ("Room 19.8").
    pub room: &'static str,
    /// The status word: off, heating, cooling, holding.
    pub status: [&'static str; 4],
    /// The hint under the menu, on the panels with room for it.
    pub hint: &'static str,
}

impl Strings {
    /// English.
    pub const EN: Strings = Strings {
        modes: ["HEAT", "COOL", "AUTO", "OFF"],
        room: "Room ",
        status: ["OFF", "HEATING", "COOLING", "HOLDING"],
        hint: "Tap a mode, or use the arrows.",
    };

    /// Chinese (simplified).
    #[cfg(feature = "zh")]
    pub const ZH: Strings = Strings {
        modes: ["制热", "制冷", "自动", "关闭"],
        room: "室温 ",
        status: ["已关闭", "制热中", "制冷中", "保持中"],
        hint: "点选模式，\n或按方向键",
    };
}
