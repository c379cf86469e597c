//! Rolling a rule, or asking its odds, and writing what comes out: text, YAML or JSON
//! documents, a chunk of them at a time through the writer it is handed. The rulesets hand
//! their rules here; nothing here knows which games exist.

use crate::cli::Format;
use crate::dice::{Dice, SeededDice};
use crate::error::{Error, Result};
use crate::odds::{Fallback, Odds};
use crate::render::{self, Palette, Report};
use serde::Serialize;
use std::io::Write;

/// The program's own version, in every YAML/JSON document.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A stream of documents is written in pieces of about this many bytes.
const CHUNK: usize = 64 * 1024;

/// Simulated runs when an odds question is too large to enumerate.
pub const SIMULATION_TRIALS: u64 = 100_000;

/// One procedure of one ruleset, ready to roll or to give its odds.
pub trait Rule {
    type Outcome<'a>: Report
    where
        Self: 'a;

    fn roll<'a>(&'a self, dice: &mut dyn Dice) -> Self::Outcome<'a>;
    fn odds(&self, fallback: Fallback) -> Odds;
}

/// How one run writes: the settings `app` worked out from the command line and the terminal.
pub struct Style {
    pub palette: Palette,
    pub format: Format,
    pub quiet: bool,
    pub show_seed: bool,
    /// A drawn seed closes the text, dimly, so a roll at the table can be replayed.
    pub seed_footer: bool,
    pub repeat: Option<u64>,
    pub odds: bool,
    pub seed: u64,
}

/// Rolls a rule (or asks its odds) and writes the documents.
pub struct Runner<'a> {
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    palette: Palette,
    format: Format,
    quiet: bool,
    show_seed: bool,
    seed_footer: bool,
    repeat: Option<u64>,
    odds: bool,
    seed: u64,
    /// The ruleset's id and the command's name, as every document and title gives them.
    rules: &'static str,
    procedure: &'static str,
    /// Steps run before the rule (an encounter table's roll), shown ahead of its outcome.
    before: Vec<Before>,
    /// `--odds` kept here instead of written, for a caller that mixes several casts' odds.
    captured: Option<Option<Odds>>,
    /// A fight's opening kept here instead of written, for the tracker.
    opened: Option<Opened>,
}

/// One roll of a rule that opens a fight, kept for the tracker: the acting order its typed
/// outcome hands over, its document (without the header) and its text (when asked for).
#[derive(Default)]
pub struct Opened {
    pub opening: Option<crate::fight::Opening>,
    pub doc: serde_json::Value,
    pub text: String,
    /// Whether the text was asked for.
    wants_text: bool,
}

/// A step run before a rule, shown ahead of its outcome: under `key` in YAML/JSON, as a step
/// named `key` in text, and as `key=quiet` first on the `-q` line (unless `quiet` is empty).
pub struct Before {
    pub key: &'static str,
    pub data: serde_json::Value,
    /// Its text, a step's lines (already styled).
    pub lines: Vec<String>,
    pub quiet: String,
    /// What `--odds` says of it, where the odds hang on it (the number a group rolled).
    pub odds_note: Option<String>,
}

impl Before {
    /// The step that shows the groups whose number was rolled (`Goblin*2d4`): `appearing` in
    /// YAML/JSON, a line each in text, and `appearing=Goblin*5` on an encounter's `-q` line (the
    /// other commands' `-q` is their headline alone).
    pub fn appearing(rolled: &[crate::dice::expr::GroupRoll], p: &crate::render::Palette, encounter: bool) -> Before {
        let lines = rolled
            .iter()
            .map(|g| {
                let faces = p.paint(p.die, g.faces.join("+"));
                format!("{}: {} ({faces}) = {}", p.name(&g.name), g.dice, p.total(g.total))
            })
            .collect();
        let quiet = match encounter {
            true => rolled.iter().map(|g| format!("{}*{}", g.name, g.total)).collect::<Vec<_>>().join(","),
            false => String::new(),
        };
        let data = serde_json::to_value(rolled).unwrap_or_default();
        let rolls: Vec<String> = rolled.iter().map(|g| format!("{} {} = {}", g.name, g.dice, g.total)).collect();
        let odds_note =
            Some(format!("the odds are for the numbers appearing rolled with this seed: {}", rolls.join(", ")));
        Before { key: "appearing", data, lines, quiet, odds_note }
    }
}

/// The header every YAML and JSON document carries, followed by the result's own fields.
#[derive(Serialize)]
struct Doc<'a, T: Serialize> {
    command: &'static str,
    rules: &'static str,
    seed: u64,
    version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    n: Option<u64>,
    #[serde(flatten)]
    before: &'a serde_json::Map<String, serde_json::Value>,
    #[serde(flatten)]
    result: &'a T,
}

#[derive(Serialize)]
struct OddsDoc<'a> {
    command: &'static str,
    rules: &'static str,
    exact: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    trials: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seed: Option<u64>,
    version: &'static str,
    odds: Vec<crate::odds::EntryDoc<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
}

/// What every YAML/JSON document of a run says before its result, and how it is written.
struct Header {
    command: &'static str,
    rules: &'static str,
    seed: u64,
    format: Format,
    /// Part of a `--repeat` stream: numbered, and `---`-separated in YAML.
    streamed: bool,
    before: serde_json::Map<String, serde_json::Value>,
}

impl Header {
    /// Appends document `n` (1-based) with `result` to `out`: one line of JSON (JSON Lines,
    /// for a single run too), or a YAML document.
    fn write<T: Serialize>(&self, n: u64, result: &T, out: &mut Vec<u8>) -> Result<()> {
        let doc = Doc {
            command: self.command,
            rules: self.rules,
            seed: self.seed,
            version: VERSION,
            n: self.streamed.then_some(n),
            before: &self.before,
            result,
        };
        match self.format {
            Format::Json => {
                serde_json::to_writer(&mut *out, &doc).map_err(serialize_error)?;
                out.push(b'\n');
            }
            Format::Yaml => {
                if self.streamed {
                    out.extend_from_slice(b"---\n");
                }
                out.extend_from_slice(render::yaml::to_string(&doc).map_err(serialize_error)?.as_bytes());
            }
            Format::Text => return Err(serialize_error("text is not a document format")),
        }
        Ok(())
    }
}

impl<'a> Runner<'a> {
    /// A runner for command `procedure` of ruleset `rules` (their names), writing documents to
    /// `out` and the `--show-seed` line of `-q` to `err`.
    pub fn new(
        out: &'a mut dyn Write,
        err: &'a mut dyn Write,
        style: Style,
        rules: &'static str,
        procedure: &'static str,
    ) -> Runner<'a> {
        let Style { palette, format, quiet, show_seed, seed_footer, repeat, odds, seed } = style;
        let before = Vec::new();
        Runner {
            out,
            err,
            palette,
            format,
            quiet,
            show_seed,
            seed_footer,
            repeat,
            odds,
            seed,
            rules,
            procedure,
            before,
            captured: None,
            opened: None,
        }
    }

    /// From now on the rule run is rolled once and kept for [`Runner::take_opened`] instead of
    /// written: its typed opening, its document and, when `text` says so, its text.
    pub fn capture_opening(&mut self, text: bool) {
        self.opened = Some(Opened { wants_text: text, ..Opened::default() });
    }

    /// What the last rule run opened a fight with, when it is captured.
    pub fn take_opened(&mut self) -> Option<Opened> {
        self.opened.take()
    }

    /// Shows `step` ahead of every outcome.
    pub fn before(&mut self, step: Before) {
        self.before.push(step);
    }

    /// From now on `--odds` is kept for [`Runner::take_odds`] instead of written.
    pub fn capture_odds(&mut self) {
        self.captured = Some(None);
    }

    /// The odds the last rule run gave, when they are captured.
    pub fn take_odds(&mut self) -> Option<Odds> {
        self.captured.as_mut().and_then(Option::take)
    }

    /// Writes `odds` as `--odds` writes a rule's.
    pub fn write_odds_of(&mut self, odds: &Odds) -> Result<()> {
        self.write_odds(odds)
    }

    pub fn run<R: Rule>(&mut self, rule: &R) -> Result<()> {
        if self.odds {
            let odds = rule.odds(Fallback { seed: self.seed, trials: SIMULATION_TRIALS });
            if let Some(captured) = &mut self.captured {
                *captured = Some(odds);
                return Ok(());
            }
            return self.write_odds(&odds);
        }
        if self.opened.is_some() {
            return self.open(rule);
        }
        if self.show_seed && self.quiet {
            writeln!(self.err, "seed {}", self.seed)?;
        }
        let count = self.repeat.unwrap_or(1);
        let header = self.header();
        let mut dice = SeededDice::new(self.seed);
        let mut text = String::new();
        // YAML and JSON are serialized in small pieces: into this buffer, written out a chunk
        // of documents at a time.
        let mut bytes = Vec::new();
        for n in 1..=count {
            let outcome = rule.roll(&mut dice);
            if self.format == Format::Text {
                text.clear();
                self.text(&outcome, self.repeat.map(|_| n), &mut text);
                self.out.write_all(text.as_bytes())?;
            } else {
                let done = bytes.len();
                if let Err(err) = header.write(n, &outcome, &mut bytes) {
                    // The documents before this one are written; none of this one.
                    self.out.write_all(&bytes[..done])?;
                    return Err(err);
                }
                if bytes.len() >= CHUNK {
                    self.out.write_all(&bytes)?;
                    bytes.clear();
                }
            }
        }
        self.out.write_all(&bytes)?;
        if self.seed_footer && self.format == Format::Text && !self.quiet {
            text.clear();
            let p = &self.palette;
            p.line(&mut text, "", &p.dim(format_args!("--seed {} replays this", self.seed)).to_string());
            self.out.write_all(text.as_bytes())?;
        }
        Ok(())
    }

    /// Rolls `rule` once and keeps what it opens a fight with.
    fn open<R: Rule>(&mut self, rule: &R) -> Result<()> {
        let outcome = rule.roll(&mut SeededDice::new(self.seed));
        let mut doc = serde_json::to_value(&outcome).map_err(serialize_error)?;
        if let Some(fields) = doc.as_object_mut() {
            for step in &self.before {
                fields.insert(step.key.to_string(), step.data.clone());
            }
        }
        let mut text = String::new();
        if self.opened.as_ref().is_some_and(|o| o.wants_text) {
            self.text(&outcome, None, &mut text);
        }
        let opening = outcome.opening();
        let doc = opening.as_ref().and_then(|o| o.doc.clone()).unwrap_or(doc);
        self.opened = Some(Opened { opening, doc, text, wants_text: false });
        Ok(())
    }

    fn header(&self) -> Header {
        Header {
            command: self.procedure,
            rules: self.rules,
            seed: self.seed,
            format: self.format,
            streamed: self.repeat.is_some(),
            before: self.before.iter().map(|b| (b.key.to_string(), b.data.clone())).collect(),
        }
    }

    fn title(&self, out: &mut String, index: Option<u64>, extra: Option<&str>) {
        use std::fmt::Write as _;
        let p = &self.palette;
        let mut title = format!("{} · {}", self.procedure, self.rules);
        if let Some(extra) = extra {
            let _ = write!(title, " · {extra}");
        }
        if let Some(n) = index {
            let _ = write!(title, " · run {n}");
        }
        if self.show_seed {
            let _ = write!(title, " · seed {}", self.seed);
        }
        p.line(out, "", &p.paint(p.title, title).to_string());
    }

    fn text<T: Report>(&self, outcome: &T, index: Option<u64>, out: &mut String) {
        if self.quiet {
            // A step with no word for `-q` (a group's roll before a command other than
            // `encounter`) leaves the headline alone.
            for step in self.before.iter().filter(|step| !step.quiet.is_empty()) {
                render::quiet_field(out, step.key, &step.quiet);
                out.push(' ');
            }
            outcome.headline(out);
            out.push('\n');
            return;
        }
        if index.is_some_and(|n| n > 1) {
            out.push('\n');
        }
        self.title(out, index, None);
        outcome.text_after(&self.palette, out, &mut |out| {
            for step in &self.before {
                render::before_step(out, &self.palette, step.key, &step.lines);
            }
        });
    }

    fn write_odds(&mut self, odds: &Odds) -> Result<()> {
        let noted;
        let odds = match self.before.iter().filter_map(|b| b.odds_note.clone()).collect::<Vec<_>>() {
            notes if notes.is_empty() => odds,
            notes => {
                noted = Odds { notes: notes.into_iter().chain(odds.notes.iter().cloned()).collect(), ..odds.clone() };
                &noted
            }
        };
        match self.format {
            Format::Text => {
                let mut text = String::new();
                if self.quiet {
                    for entry in &odds.entries {
                        use std::fmt::Write as _;
                        let prefix = entry.part.as_deref().map(|p| format!("{p}: ")).unwrap_or_default();
                        let _ = writeln!(text, "{} {prefix}{}", entry.prob, entry.label);
                    }
                } else {
                    self.title(&mut text, None, Some(if odds.exact() { "exact odds" } else { "estimated odds" }));
                    render::odds::text(odds, &self.palette, &mut text);
                }
                self.out.write_all(text.as_bytes())?;
            }
            Format::Json | Format::Yaml => {
                let doc = OddsDoc {
                    command: self.procedure,
                    rules: self.rules,
                    exact: odds.exact(),
                    trials: odds.trials,
                    seed: odds.seed,
                    version: VERSION,
                    odds: odds.entry_docs(),
                    notes: &odds.notes,
                };
                if self.format == Format::Json {
                    let mut bytes = serde_json::to_vec(&doc).map_err(serialize_error)?;
                    bytes.push(b'\n');
                    self.out.write_all(&bytes)?;
                } else {
                    self.out.write_all(render::yaml::to_string(&doc).map_err(serialize_error)?.as_bytes())?;
                }
            }
        }
        Ok(())
    }
}

fn serialize_error(err: impl std::fmt::Display) -> Error {
    Error::data(format!("cannot serialize the result: {err}"))
}
