//! The page's keyboard and pointer as the board's input: the same keys as the desktop
//! window (`sprig_sim::KEYS_AND_MOUSE`), named by `KeyboardEvent.code`.

use sprig::{Key, TouchPhase};

/// The board key of a `KeyboardEvent.code`: the arrows, Z or Enter (A), X or Backspace
/// (B), S (Start), Tab (Select); `None` for any other key (the page keeps its own use).
pub fn key_for_code(code: &str) -> Option<Key> {
    Some(match code {
        "ArrowUp" => Key::Up,
        "ArrowDown" => Key::Down,
        "ArrowLeft" => Key::Left,
        "ArrowRight" => Key::Right,
        "KeyZ" | "Enter" | "NumpadEnter" => Key::A,
        "KeyX" | "Backspace" => Key::B,
        "KeyS" => Key::Start,
        "Tab" => Key::Select,
        _ => return None,
    })
}

/// The keys as the page lists them beside the canvas: the key, what it is on the board.
pub const KEYS: [(&str, &str); 6] = [
    ("Arrow keys", "Up, Down, Left, Right"),
    ("Z or Enter", "A"),
    ("X or Backspace", "B"),
    ("S", "Start"),
    ("Tab", "Select"),
    (
        "F1",
        "show or hide the figures (frame times, pixels flushed)",
    ),
];

/// The touch phase numbered as the script sends it: 0 down, 1 move, 2 up, 3 cancel.
pub fn touch_phase(number: u32) -> Option<TouchPhase> {
    Some(match number {
        0 => TouchPhase::Down,
        1 => TouchPhase::Move,
        2 => TouchPhase::Up,
        3 => TouchPhase::Cancel,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keys_are_the_desktop_windows() {
        let pairs = [
            ("ArrowUp", Key::Up),
            ("ArrowDown", Key::Down),
            ("ArrowLeft", Key::Left),
            ("ArrowRight", Key::Right),
            ("KeyZ", Key::A),
            ("Enter", Key::A),
            ("KeyX", Key::B),
            ("Backspace", Key::B),
            ("KeyS", Key::Start),
            ("Tab", Key::Select),
        ];
        for (code, key) in pairs {
            assert_eq!(key_for_code(code), Some(key), "{code}");
        }
        assert_eq!(key_for_code("KeyQ"), None);
        assert_eq!(key_for_code("F1"), None);
    }

    #[test]
    fn touch_phases_are_numbered_down_move_up_cancel() {
        assert_eq!(touch_phase(0), Some(TouchPhase::Down));
        assert_eq!(touch_phase(1), Some(TouchPhase::Move));
        assert_eq!(touch_phase(2), Some(TouchPhase::Up));
        assert_eq!(touch_phase(3), Some(TouchPhase::Cancel));
        assert_eq!(touch_phase(4), None);
    }
}
