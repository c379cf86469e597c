//! The scripting contract at the program's edge: the shape of every document (JSON Lines,
//! `version`, seeds, YAML any loader reads back), `-q`, the environment, output that cannot be
//! written, error messages that name what is wrong, and text aligned by display width.

use crate::common::*;

// Text aligned by display width

#[test]
fn wide_names_line_up() {
    let text = stdout(&["--seed", "3", "surprise", "--side", "龍の群れ", "--side", "🐺wolves", "--side", "orcs"]);
    let columns: Vec<usize> = text
        .lines()
        .filter(|l| l.contains("1d6"))
        .map(|l| fray::render::width_of(&l[..l.find("1d6").unwrap()]))
        .collect();
    assert_eq!(columns.len(), 3, "{text}");
    assert!(columns.iter().all(|&c| c == columns[0]), "the rolls do not line up: {columns:?}\n{text}");
    assert_eq!(columns[0], 2 + 8 + 2, "{text}");
    let text =
        stdout(&["--seed", "3", "-r", "5e", "initiative", "龍:dex=2", "Elf:dex=3", "🐉Drake:dex=1,side=monsters"]);
    let columns: Vec<usize> = text
        .lines()
        .filter(|l| l.contains("1d20"))
        .map(|l| fray::render::width_of(&l[..l.find("1d20").unwrap()]))
        .collect();
    assert_eq!(columns.len(), 3, "{text}");
    assert!(columns.iter().all(|&c| c == columns[0]), "{columns:?}\n{text}");
}

#[test]
fn display_width_counts_wide_characters_twice_and_colour_not_at_all() {
    use fray::render::width_of;
    assert_eq!(width_of("Elf"), 3);
    assert_eq!(width_of("龍の群れ"), 8);
    assert_eq!(width_of("🐺"), 2);
    assert_eq!(width_of("\u{1b}[1;36m龍\u{1b}[0m x"), 4);
    let mut padded = String::new();
    fray::render::pad(&mut padded, "\u{1b}[1m龍\u{1b}[0m", 5);
    assert_eq!(width_of(&padded), 5);
    assert!(padded.ends_with("   "));
}
