//! Renderers: outcomes to bytes. Text is drawn with a [`Palette`] whose styles are no-ops
//! when colour is off; YAML and JSON come straight from the outcomes' `Serialize`.

pub mod odds;
pub mod ties;
pub mod wrap;
pub mod yaml;

use crate::dice::Roll;
use crate::outcome::{Leaning, Modifier, ReactionOutcome};
use owo_colors::Style;
use serde::Serialize;
use std::fmt::{self, Display, Write as _};

/// What every procedure's outcome offers the output layer.
pub trait Report: Serialize {
    /// The full text block, without the title line (the caller writes that).
    fn text(&self, p: &Palette, out: &mut String);
    /// The headline for `-q`: one line, no newline.
    fn headline(&self, out: &mut String);
    /// The text with the steps run before the rule (an encounter table's roll) written by
    /// `before` where they belong: first, unless the outcome opens with a check that decides
    /// whether anything is met at all (a wandering monster), which comes before them.
    fn text_after(&self, p: &Palette, out: &mut String, before: &mut dyn FnMut(&mut String)) {
        before(out);
        self.text(p, out);
    }
    /// The acting order it opens a fight with, for an encounter's or an initiative's outcome
    /// (`None` for every other).
    fn opening(&self) -> Option<crate::fight::Opening> {
        None
    }
}

/// A `-q` list: the names joined by `,` with no spaces, or `none` when there are none.
pub fn quiet_list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    for (i, name) in names.into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(name);
    }
    if out.is_empty() { "none".to_string() } else { out }
}

/// Appends `key=value` to an encounter's `-q` line, a space before every field but the first.
/// A value holding white space or a double quote (names may) is double-quoted, with `"` and `\`
/// escaped by a backslash, as logfmt writes it, so the line still splits into fields.
pub fn quiet_field(out: &mut String, key: &str, value: impl Display) {
    if !out.is_empty() {
        out.push(' ');
    }
    let value = value.to_string();
    let _ = write!(out, "{key}=");
    if value.is_empty() || value.contains(|c: char| c.is_whitespace() || c == '"' || c == '\\') {
        out.push('"');
        for c in value.chars() {
            if matches!(c, '"' | '\\') {
                out.push('\\');
            }
            out.push(c);
        }
        out.push('"');
    } else {
        out.push_str(&value);
    }
}

/// The styles of text output, every one plain when colour is off, and the columns a line of
/// text may take.
#[derive(Clone, Copy, Debug)]
pub struct Palette {
    pub title: Style,
    pub name: Style,
    pub die: Style,
    pub total: Style,
    pub good: Style,
    pub bad: Style,
    pub warn: Style,
    pub dim: Style,
    pub bar: Style,
    /// Whose turn it is, in a fight's order.
    pub acting: Style,
    /// No line of text is wider: longer ones wrap (see [`wrap`]).
    pub width: usize,
}

impl Palette {
    pub fn new(color: bool) -> Palette {
        if !color {
            let plain = Style::new();
            return Palette {
                title: plain,
                name: plain,
                die: plain,
                total: plain,
                good: plain,
                bad: plain,
                warn: plain,
                dim: plain,
                bar: plain,
                acting: plain,
                width: wrap::DEFAULT_WIDTH,
            };
        }
        Palette {
            title: Style::new().bold(),
            name: Style::new().bold().cyan(),
            die: Style::new().yellow(),
            total: Style::new().bold(),
            good: Style::new().green(),
            bad: Style::new().bold().red(),
            warn: Style::new().yellow(),
            dim: Style::new().dimmed(),
            bar: Style::new().blue(),
            acting: Style::new().bold().reversed(),
            width: wrap::DEFAULT_WIDTH,
        }
    }

    /// The same styles for lines of at most `width` columns.
    pub fn with_width(self, width: usize) -> Palette {
        Palette { width, ..self }
    }

    /// Appends `line` after `lead`, an indent of spaces, wrapped to the width.
    pub fn line(&self, out: &mut String, lead: &str, line: &str) {
        out.push_str(lead);
        wrap::push_wrapped(out, width_of(lead), line, self.width);
    }

    pub fn paint<T: Display>(&self, style: Style, value: T) -> owo_colors::Styled<T> {
        style.style(value)
    }

    pub fn name<T: Display>(&self, value: T) -> owo_colors::Styled<T> {
        self.name.style(value)
    }

    pub fn good<T: Display>(&self, value: T) -> owo_colors::Styled<T> {
        self.good.style(value)
    }

    pub fn bad<T: Display>(&self, value: T) -> owo_colors::Styled<T> {
        self.bad.style(value)
    }

    pub fn warn<T: Display>(&self, value: T) -> owo_colors::Styled<T> {
        self.warn.style(value)
    }

    pub fn dim<T: Display>(&self, value: T) -> owo_colors::Styled<T> {
        self.dim.style(value)
    }

    pub fn total<T: Display>(&self, value: T) -> owo_colors::Styled<T> {
        self.total.style(value)
    }

    /// A word of surprise as the party (the first side) takes it: its own surprise bad, the
    /// other side's good; the party not surprised good, the other side not surprised plain.
    pub fn surprise<T: Display>(&self, party: bool, surprised: bool, value: T) -> owo_colors::Styled<T> {
        match (party, surprised) {
            (true, true) => self.bad,
            (false, true) | (true, false) => self.good,
            (false, false) => Style::new(),
        }
        .style(value)
    }

    /// A reaction's words in the colour of its leaning: against the party bad, undecided warn,
    /// for it good.
    pub fn leaning<T: Display>(&self, leaning: Leaning, value: T) -> owo_colors::Styled<T> {
        match leaning {
            Leaning::Against => self.bad,
            Leaning::Undecided => self.warn,
            Leaning::For => self.good,
        }
        .style(value)
    }

    /// `2d6 (3+4) = 7`, or `1d6 (4)` for a single die.
    pub fn roll(&self, roll: &Roll) -> RollText<'_> {
        RollText { p: self, roll: *roll }
    }

    /// `+1 CHA 16`
    pub fn modifier<'a>(&'a self, m: &'a Modifier) -> ModifierText<'a> {
        ModifierText { p: self, m }
    }
}

pub struct RollText<'a> {
    p: &'a Palette,
    roll: Roll,
}

impl Display for RollText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Self { p, roll } = self;
        write!(f, "{} (", p.dim(roll.notation()))?;
        for (i, face) in roll.faces().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{}", p.paint(p.die, face))?;
        }
        f.write_str(")")?;
        if roll.count() > 1 {
            write!(f, " = {}", p.total(roll.total))?;
        }
        Ok(())
    }
}

pub struct ModifierText<'a> {
    p: &'a Palette,
    m: &'a Modifier,
}

impl Display for ModifierText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.p.total(Signed(self.m.value)), self.m.source)
    }
}

/// A number with its sign: `+1`, `-2`, `+0`.
#[derive(Clone, Copy, Debug)]
pub struct Signed(pub i32);

impl Display for Signed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&format!("{:+}", self.0))
    }
}

/// Writes `text` (which may carry colour codes) padded to `width` columns.
pub fn pad(out: &mut String, text: impl Display, width: usize) {
    let start = out.len();
    let _ = write!(out, "{text}");
    for _ in width_of(&out[start..])..width {
        out.push(' ');
    }
}

/// The columns `text` takes on a terminal: colour codes take none, and wide characters (CJK,
/// most emoji) two.
pub fn width_of(text: &str) -> usize {
    use unicode_width::UnicodeWidthStr;
    let mut width = 0;
    let mut rest = text;
    // Colour codes are `ESC [ … m`.
    while let Some(start) = rest.find('\u{1b}') {
        width += rest[..start].width();
        rest = match rest[start..].find('m') {
            Some(end) => &rest[start + end + 1..],
            None => "",
        };
    }
    width + rest.width()
}

/// `2d6 (3+4) = 7 +1 CHA 16 = 8 → Uncertain, wary`
pub fn reaction_line(r: &ReactionOutcome, p: &Palette) -> String {
    let mut line = p.roll(&r.roll).to_string();
    if !r.modifiers.is_empty() {
        modifiers(&mut line, p, r.modifiers);
        let _ = write!(line, " = {}", p.total(r.total));
    }
    let _ = write!(line, " → {}", p.leaning(r.leaning, r.result));
    line
}

impl Report for ReactionOutcome<'_> {
    fn text(&self, p: &Palette, out: &mut String) {
        block(out, p, &[reaction_line(self, p)]);
    }

    fn headline(&self, out: &mut String) {
        let _ = write!(out, "{}", self.total);
    }
}

/// An encounter distance as every ruleset shows it: `2d6 (3+4) = 7 × 10′ = 70′`, with `unit`
/// (`′`, or ` ft`) after each number, then `notes`, already styled.
pub fn distance_line(p: &Palette, roll: &Roll, scale: u32, feet: u32, unit: &str, notes: impl Display) -> String {
    format!("{} × {scale}{unit} = {}{notes}", p.roll(roll), p.total(format_args!("{feet}{unit}")))
}

/// Writes `lines` indented by two spaces, each wrapped to the width.
pub fn block(out: &mut String, p: &Palette, lines: &[String]) {
    for line in lines {
        p.line(out, "  ", line);
    }
}

/// Writes a numbered encounter step: the label, then its lines aligned after it, each wrapped
/// to the width.
pub fn step(out: &mut String, p: &Palette, number: usize, label: &str, lines: &[String]) {
    const LABEL: usize = 13;
    for (i, line) in lines.iter().enumerate() {
        out.push_str("  ");
        if i == 0 {
            pad(out, p.paint(p.title, format_args!("{number} {label}")), LABEL);
        } else {
            out.push_str(&" ".repeat(LABEL));
        }
        out.push(' ');
        wrap::push_wrapped(out, LABEL + 3, line, p.width);
    }
}

/// Writes a step run before the numbered ones (an encounter table's roll), its label where
/// theirs stand.
pub fn before_step(out: &mut String, p: &Palette, label: &str, lines: &[String]) {
    const LABEL: usize = 13;
    for (i, line) in lines.iter().enumerate() {
        out.push_str("  ");
        if i == 0 {
            pad(out, p.paint(p.title, format_args!("  {label}")), LABEL);
        } else {
            out.push_str(&" ".repeat(LABEL));
        }
        out.push(' ');
        wrap::push_wrapped(out, LABEL + 3, line, p.width);
    }
}

/// The columns the widest of `names` takes.
pub fn width<'a>(names: impl IntoIterator<Item = &'a str>) -> usize {
    names.into_iter().map(width_of).max().unwrap_or(0)
}

/// Writes `modifiers` as ` +1 CHA 16, -1 wounded` (nothing when empty).
pub fn modifiers(out: &mut String, p: &Palette, modifiers: &[Modifier]) {
    for (i, m) in modifiers.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        let _ = write!(out, "{}", p.modifier(m));
    }
}

/// Whether a side's name reads as a plural noun (`monsters`, `orcs`): it ends in s, not ss (as
/// the possessive below reads it; `party` and `the Guild` are singular). The one place fray
/// decides the number of the verb after a name, for every ruleset's sentences.
pub fn reads_plural(name: &str) -> bool {
    name.ends_with('s') && !name.ends_with("ss")
}

/// The verb `one` or `many` in the number `names` take as its subject: several names, or one
/// that reads as a plural, take `many` (`monsters get`, `party and elves get`, `party gets`).
pub fn verb<'a>(names: &[&str], one: &'a str, many: &'a str) -> &'a str {
    match names {
        [name] if !reads_plural(name) => one,
        [] | [_] | [_, _, ..] => many,
    }
}

/// `NAMES verb`: the names joined (`party and monsters`) and the verb agreeing with them.
pub fn agree(names: &[&str], one: &str, many: &str) -> String {
    format!("{} {}", crate::outcome::join(names), verb(names, one, many))
}

/// `is`, or `are` after a name that reads as a plural (`monsters are surprised`).
pub fn is(name: &str) -> &'static str {
    verb(&[name], "is", "are")
}

/// `NAME's`, or `NAME'` for a name that ends in s (`monsters' turn`).
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') { format!("{name}'") } else { format!("{name}'s") }
}
