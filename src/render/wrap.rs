//! Lines that fit the terminal: a long line breaks at the boundary between two items (after
//! `, ` or `; `, at a column gap, before ` → `, ` — ` or ` · `), else between words or dice, and
//! goes on under a hanging indent. Widths are display widths: colour codes take no columns,
//! wide characters two.

use unicode_width::UnicodeWidthChar;

/// Width when nothing says otherwise (not a terminal, no `COLUMNS`, no `--width`).
pub const DEFAULT_WIDTH: usize = 80;
/// The narrowest width fray lays text out for; `--width` refuses less.
pub const MIN_WIDTH: usize = 20;
/// The widest; a terminal or `COLUMNS` beyond it is taken as this.
pub const MAX_WIDTH: usize = 1000;

/// How good a place to break is: before a verdict (`→`), an item boundary, a space between
/// words or dice, or just after `+` or `/` (inside `3+4+5`, a fraction).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    Verdict,
    Item,
    Space,
    Sign,
}

/// A place a line may break: the text before `end` stays, the next line resumes at `resume`;
/// what lies between (spaces) is dropped, its colour codes kept.
#[derive(Clone, Copy)]
struct Break {
    end: usize,
    end_col: usize,
    resume: usize,
    resume_col: usize,
    strength: Strength,
}

/// The visible characters of `line`: byte offset, character, columns. Colour codes
/// (`ESC [ … m`) are skipped.
fn visible(line: &str) -> Vec<(usize, char, usize)> {
    let mut chars = Vec::with_capacity(line.len());
    let mut iter = line.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        if c == '\u{1b}' {
            for (_, c) in iter.by_ref() {
                if c == 'm' {
                    break;
                }
            }
            continue;
        }
        chars.push((i, c, c.width().unwrap_or(0)));
    }
    chars
}

/// Every place `line` may break, in order.
fn breaks(line: &str, chars: &[(usize, char, usize)]) -> Vec<Break> {
    let mut cols = Vec::with_capacity(chars.len() + 1);
    let mut col = 0;
    for &(_, _, w) in chars {
        cols.push(col);
        col += w;
    }
    cols.push(col);
    let byte = |k: usize| chars.get(k).map_or(line.len(), |&(i, ..)| i);
    // Breaking inside the leading indent gains nothing.
    let first = chars.iter().position(|&(_, c, _)| c != ' ').unwrap_or(chars.len());
    let mut found = Vec::new();
    let mut k = first;
    while k < chars.len() {
        let c = chars[k].1;
        if c == ' ' {
            let run_end = (k..chars.len()).find(|&j| chars[j].1 != ' ').unwrap_or(chars.len());
            if run_end == chars.len() {
                break;
            }
            let before = if k > 0 { chars[k - 1].1 } else { ' ' };
            let after = chars[run_end].1;
            let strength = if after == '→' {
                Strength::Verdict
            } else if run_end - k >= 2 || matches!(before, ',' | ';') || matches!(after, '—' | '·') {
                Strength::Item
            } else {
                Strength::Space
            };
            found.push(Break {
                end: byte(k),
                end_col: cols[k],
                resume: byte(run_end),
                resume_col: cols[run_end],
                strength,
            });
            k = run_end;
            continue;
        }
        if matches!(c, '+' | '/') && k + 1 < chars.len() && chars[k + 1].1 != ' ' && k > first {
            found.push(Break {
                end: byte(k + 1),
                end_col: cols[k + 1],
                resume: byte(k + 1),
                resume_col: cols[k + 1],
                strength: Strength::Sign,
            });
        }
        k += 1;
    }
    found
}

/// The columns the continuation lines of `line` start at, counted from the line's own start:
/// when it is a row of a table (cells apart by two or more spaces), under the last cell that
/// starts in the first third of the room, else two past its own indent (past `→ ` for a verdict).
fn hang(chars: &[(usize, char, usize)], room: usize) -> usize {
    let indent = chars.iter().take_while(|&&(_, c, _)| c == ' ').count();
    let limit = room / 3;
    let mut hang = (indent + 2).min(limit);
    let mut col = indent;
    let mut k = indent;
    while k < chars.len() {
        if chars[k].1 == ' ' {
            let run_end = (k..chars.len()).find(|&j| chars[j].1 != ' ').unwrap_or(chars.len());
            let cell = col + (run_end - k);
            if cell > limit || run_end == chars.len() {
                break;
            }
            if run_end - k >= 2 {
                hang = cell;
            }
            col = cell;
            k = run_end;
            continue;
        }
        col += chars[k].2;
        k += 1;
    }
    hang
}

/// `line` with every run of three or more spaces that starts past column `from` made two.
fn narrow_gaps(line: &str, chars: &[(usize, char, usize)], from: usize) -> String {
    let mut out = String::with_capacity(line.len());
    let mut col = 0;
    let mut run = 0;
    let mut last = 0;
    for &(i, c, w) in chars {
        out.push_str(&line[last..i]);
        last = i + c.len_utf8();
        if c == ' ' && col >= from {
            run += 1;
            if run > 2 {
                col += w;
                continue;
            }
        } else if c != ' ' {
            run = 0;
        }
        out.push(c);
        col += w;
    }
    out.push_str(&line[last..]);
    out
}

/// Appends `line` to `out` after `lead` columns already written on the same output line,
/// broken so that no output line is wider than `width`, each continuation indented under the
/// hanging indent; every output line ends with a newline.
pub fn push_wrapped(out: &mut String, lead: usize, line: &str, width: usize) {
    // No character takes more columns than it has bytes in UTF-8: most lines need no measuring.
    if lead + line.len() <= width {
        out.push_str(line);
        out.push('\n');
        return;
    }
    let chars = visible(line);
    let total: usize = chars.iter().map(|&(.., w)| w).sum();
    if lead + total <= width {
        out.push_str(line);
        out.push('\n');
        return;
    }
    let room = width.saturating_sub(lead).max(1);
    let hang = hang(&chars, room).min(room.saturating_sub(1));
    // Past the hanging indent the columns no longer line up: wide gaps shrink to two spaces.
    let narrowed = narrow_gaps(line, &chars, hang);
    let line = narrowed.as_str();
    let chars = visible(line);
    let total: usize = chars.iter().map(|&(.., w)| w).sum();
    let breaks = breaks(line, &chars);
    // Position in the line (byte, column) where the current output line starts.
    let (mut start, mut start_col) = (0, 0);
    let mut first = true;
    loop {
        let avail = if first { room } else { room - hang };
        if total - start_col <= avail {
            out.push_str(&line[start..]);
            out.push('\n');
            return;
        }
        let cut = best_break(&breaks, start, start_col, avail, total, room - hang)
            .unwrap_or_else(|| hard_cut(&chars, line.len(), start, start_col, avail));
        out.push_str(&line[start..cut.end]);
        // Colour codes among the dropped spaces still open or close their styles.
        out.extend(line[cut.end..cut.resume].chars().filter(|&c| c != ' '));
        out.push('\n');
        out.extend(std::iter::repeat_n(' ', lead + hang));
        start = cut.resume;
        start_col = cut.resume_col;
        first = false;
        if start >= line.len() {
            return;
        }
    }
}

/// Where to end an output line that starts at `start` (byte) and `start_col` (column) and has
/// `avail` columns, of a line `total` columns wide whose continuations have `next_room`.
fn best_break(
    breaks: &[Break],
    start: usize,
    start_col: usize,
    avail: usize,
    total: usize,
    next_room: usize,
) -> Option<Break> {
    // The breaks are in order, so those that fit are one run of them, found by halving: a line
    // of a million characters is broken in linear time, not quadratic.
    let from = breaks.partition_point(|b| b.end <= start || b.end_col <= start_col);
    let to = from + breaks[from..].partition_point(|b| b.end_col - start_col <= avail);
    let fits: Vec<&Break> = breaks[from..to].iter().collect();
    // A verdict that ends the line goes on whole to the next, if it fits there.
    let verdict = fits
        .iter()
        .rev()
        .find(|b| b.strength == Strength::Verdict)
        .filter(|b| total - b.resume_col <= next_room && (b.end_col - start_col) * 2 >= avail)
        .copied();
    // The strongest break that still fills half the line, else the furthest that fits.
    verdict
        .or_else(|| {
            [Strength::Item, Strength::Space, Strength::Sign]
                .iter()
                .find_map(|&s| {
                    fits.iter()
                        .rev()
                        .find(|b| b.strength <= s)
                        .filter(|b| (b.end_col - start_col) * 2 >= avail)
                        .copied()
                })
                .or_else(|| fits.last().copied())
        })
        .copied()
}

/// No break fits: cut at the last character that does (nothing is lost).
fn hard_cut(chars: &[(usize, char, usize)], len: usize, start: usize, start_col: usize, avail: usize) -> Break {
    let mut k = chars.partition_point(|&(i, ..)| i < start);
    let mut col = start_col;
    while k < chars.len() && (col + chars[k].2 <= start_col + avail || col == start_col) {
        col += chars[k].2;
        k += 1;
    }
    let at = chars.get(k).map_or(len, |&(i, ..)| i);
    Break { end: at, end_col: col, resume: at, resume_col: col, strength: Strength::Sign }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::width_of;

    fn wrapped(lead: usize, line: &str, width: usize) -> String {
        let mut out = " ".repeat(lead);
        push_wrapped(&mut out, lead, line, width);
        out
    }

    fn widest(text: &str) -> usize {
        text.lines().map(width_of).max().unwrap_or(0)
    }

    /// What a reader sees: the words in order, whatever the breaks.
    fn words(text: &str) -> Vec<&str> {
        text.split_whitespace().collect()
    }

    #[test]
    fn a_line_that_fits_is_untouched() {
        assert_eq!(wrapped(2, "Elf  passive Perception 16", 80), "  Elf  passive Perception 16\n");
    }

    #[test]
    fn a_list_breaks_after_its_commas_under_a_hanging_indent() {
        let line = "→ Fighter, Wizard, Cleric, Rogue, Paladin, Ranger, Bard and Druid are surprised";
        let text = wrapped(2, line, 40);
        assert_eq!(
            text,
            "  → Fighter, Wizard, Cleric, Rogue,\n    Paladin, Ranger, Bard and Druid are\n    surprised\n"
        );
        assert_eq!(words(&text), words(line));
    }

    #[test]
    fn a_verdict_that_ends_the_line_goes_on_whole() {
        let line = "monsters: 2d6 (4+6) = 10 +1 CHA 16 = 11 → Indifferent, may negotiate";
        assert_eq!(
            wrapped(16, line, 80),
            format!(
                "{}monsters: 2d6 (4+6) = 10 +1 CHA 16 = 11\n{}→ Indifferent, may negotiate\n",
                " ".repeat(16),
                " ".repeat(18)
            )
        );
    }

    #[test]
    fn a_table_row_goes_on_under_its_second_column() {
        let line = "Halfling  passive Perception 14 = Stealth 14  noticed  borderline: the referee's call";
        let text = wrapped(2, line, 60);
        assert!(widest(&text) <= 60, "{text}");
        let rest = text.lines().nth(1).unwrap();
        assert!(rest.starts_with("            ") && !rest.starts_with("             "), "{text}");
        assert_eq!(words(&text), words(line));
    }

    #[test]
    fn dice_break_between_faces_and_words_are_never_cut_when_a_space_fits() {
        let line = "Mitch  8d10 (10 4 4 8 6 8 9 9) 10-again (2) = 5 successes  not surprised, exceptional success";
        for width in [30, 40, 50, 60] {
            let text = wrapped(2, line, width);
            assert!(widest(&text) <= width, "{width}: {text}");
            assert_eq!(words(&text), words(line), "{width}: {text}");
        }
    }

    #[test]
    fn colour_codes_take_no_columns_and_survive_the_breaks() {
        let line = "\u{1b}[1mtie\u{1b}[0m at 5: \u{1b}[33mClerk\u{1b}[0m, then  \u{1b}[32mOrc 1\u{1b}[0m, then Bree";
        let text = wrapped(0, line, 16);
        assert!(widest(&text) <= 16, "{text:?}");
        assert_eq!(text.matches('\u{1b}').count(), line.matches('\u{1b}').count(), "{text:?}");
    }

    #[test]
    fn a_word_longer_than_the_line_is_cut_and_kept() {
        let line = "abcdefghijklmnopqrstuvwxyz 0123456789";
        let text = wrapped(2, line, 20);
        assert!(widest(&text) <= 20, "{text}");
        assert_eq!(text.replace([' ', '\n'], ""), line.replace(' ', ""));
    }

    #[test]
    fn wide_characters_count_two_columns() {
        let line = "→ 龍, 龍, 龍, 龍, 龍, 龍, 龍, 龍, 龍, 龍, 龍, 龍, 龍, 龍";
        let text = wrapped(0, line, 20);
        assert!(widest(&text) <= 20, "{text}");
        assert!(text.lines().count() >= 3, "{text}");
    }
}
