//! The YAML roster: the same sides and combatants as the inline syntax, for bigger fights.
//!
//! ```yaml
//! sides:
//!   - name: party
//!   - name: monsters
//!     chance: 3
//! combatants:
//!   - name: Goblin
//!     count: 4
//!     side: monsters
//!     dex: 2
//!   - "Elf:per=16"        # the inline form works too
//! ```
//!
//! The file is read once into the located tree ([`crate::located`]), which bounds its nesting,
//! its keys given twice and its aliases; its ruleset, side names and entries are read from
//! that tree, every key checked against the ruleset's key lists, so every error carries the
//! file, line and column of the offending key, value or entry.

mod read;
mod scalar;

use crate::cast::{KeyKind, MAX_GROUP, Owner, RawSpec, RulesetKeys};
use crate::error::{Error, Result};
use crate::located::{self, Kind, Node, Refusal, Rules};
use std::fmt::Write as _;

/// The largest roster read, in bytes.
pub const MAX_ROSTER_BYTES: usize = 1 << 20;

/// Sides and combatants read from a roster.
#[derive(Debug, Default)]
pub struct Roster {
    pub sides: Vec<RawSpec>,
    pub combatants: Vec<RawSpec>,
}

/// What a roster may hold: aliases of what it anchors (within the located tree's budget),
/// and nothing in it counts as empty, however it is written (`{}`, `---`, `~`).
const ROSTER: Rules = Rules {
    nesting_hint: "a roster is two flat lists",
    aliases: true,
    empty: |node| node.is_null() || matches!(&node.kind, Kind::Map(pairs) if pairs.is_empty()),
    read_every_document: true,
    syntax_hint: "see --roster-example for the format",
};

/// A roster file read once into its located tree: its ruleset, side names and entries all
/// come from the tree, and a file that cannot be read says why when it is [`Document::parse`]d.
pub struct Document {
    file: String,
    tree: std::result::Result<Node, Refusal>,
}

impl Document {
    /// Reads roster `text`, read from `file` (a path, or `<stdin>`).
    pub fn read(text: &str, file: impl Into<String>) -> Document {
        Document { file: file.into(), tree: located::read_as(text, &ROSTER) }
    }

    /// The name errors give the file.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The side names the roster declares (none when it cannot be read: [`Document::parse`]
    /// says why).
    pub fn side_names(&self) -> Vec<String> {
        self.tree.as_ref().ok().and_then(|tree| read::side_names(tree).ok()).unwrap_or_default()
    }

    /// The ruleset the roster names with its top-level `rules:` key, and the line it is on
    /// (none when it names none or cannot be read: [`Document::parse`] says why).
    pub fn declared_rules(&self) -> Option<(String, usize)> {
        read::declared_rules(self.tree.as_ref().ok()?)
    }

    /// The roster's sides and combatants, read with the ruleset's `keys`. `other_sides` are
    /// the sides declared elsewhere (other rosters, `--side`), which combatants may also name.
    pub fn parse(&self, keys: &RulesetKeys, other_sides: &[String]) -> Result<Roster> {
        let file = &self.file;
        let tree = self.tree.as_ref().map_err(|refusal| match refusal {
            Refusal::Empty => {
                Error::data(format!("the roster {file} is empty")).hint("see --roster-example for a template")
            }
            Refusal::At(at, what, hint) => Error::data(format!("{file}:{}:{}: {what}", at.line, at.column)).hint(*hint),
        })?;
        let located = |read::At(at, what)| {
            Error::data(format!("{file}:{}:{}: {what}", at.line, at.column)).hint("see --roster-example for the format")
        };
        // The side names first, so combatants may name a side declared after them.
        let mut sides = read::side_names(tree).map_err(located)?;
        sides.extend(other_sides.iter().cloned());
        if sides.is_empty() {
            sides = crate::cast::DEFAULT_SIDES.iter().map(|s| s.to_string()).collect();
        }
        read::roster(tree, file, keys, &sides).map_err(located)
    }
}

/// Reads and parses roster `text` from `file` in one go (see [`Document::parse`]).
pub fn parse(text: &str, file: &str, keys: &RulesetKeys, other_sides: &[String]) -> Result<Roster> {
    Document::read(text, file).parse(keys, other_sides)
}

/// A commented roster for a ruleset with `keys`: `body` (the ruleset's example entries, valid
/// YAML), then every key the ruleset understands, from the lists beside its key structs.
pub fn example(keys: &RulesetKeys, body: &str) -> String {
    let mut out = format!(
        "# fray roster for the {} ruleset: use it with --roster FILE (or --roster - for stdin).\n\
         # Sides come in order; combatants name their side (default: the first side).\n\
         # An entry may also be written inline, e.g. - \"Goblin:count=4,side=monsters\".\n",
        keys.rules
    );
    out.push_str(body.trim_end());
    out.push('\n');
    for owner in [Owner::Side, Owner::Combatant] {
        let _ = writeln!(out, "#\n# {} keys:", owner.word());
        if owner == Owner::Combatant {
            let _ = writeln!(
                out,
                "#   count: N      a group of N identical combatants (1 to {MAX_GROUP}), or dice such as 2d4"
            );
            let _ = writeln!(out, "#   side: NAME    the side it fights on");
        }
        let list = keys.list(owner).keys;
        if list.is_empty() {
            let _ = writeln!(out, "#   (none)");
        }
        for key in list {
            let shape = match key.kind {
                KeyKind::Flag => "true",
                _ => "VALUE",
            };
            match key.kind {
                // A free-form key's help already says what it accepts.
                KeyKind::Text(_) => writeln!(out, "#   {}: {shape}  {}", key.name, key.help),
                _ => writeln!(out, "#   {}: {shape}  {} ({})", key.name, key.help, key.allowed()),
            }
            .ok();
        }
    }
    out
}

#[cfg(test)]
mod tests;

/// Reads a roster file (or standard input for `-`), returning its text and display name.
pub(crate) fn read_file(path: &std::path::Path, stdin: &mut dyn std::io::Read) -> Result<(String, String)> {
    crate::text_file::read(path, stdin, &ROSTER_FILE)
}

/// A roster as errors name it; a long path is quoted shortened, as the combatant errors quote a
/// long argument.
const ROSTER_FILE: crate::text_file::Kind = crate::text_file::Kind {
    what: "roster",
    stdin_hint: "redirect a roster file into fray, or give its path to --roster",
    empty_hint: "give --roster a file, or '-' for standard input",
    open_hint: "check the path given to --roster",
    most_bytes: MAX_ROSTER_BYTES,
    quote: crate::error::echo_path,
};
