//! `fray table FILE`: rolls the file's first table (or gives its odds) and writes the documents.

use super::roll::{TableRoll, roll_file};
use super::{TableFile, load, read_file_text, text};
use crate::cli::{Format, TableArgs};
use crate::dice::SeededDice;
use crate::emit::VERSION;
use crate::env::{Env, Settings};
use crate::error::{Error, Result};
use crate::render::{self, Palette};
use serde::Serialize;
use std::fmt::Write as _;

#[derive(Serialize)]
struct RollDoc<'a> {
    command: &'static str,
    rules: &'static str,
    seed: u64,
    version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    n: Option<u64>,
    #[serde(flatten)]
    roll: &'a TableRoll,
}

#[derive(Serialize)]
struct OddsDoc<'a> {
    command: &'static str,
    rules: &'static str,
    file: &'a str,
    exact: bool,
    version: &'static str,
    odds: Vec<crate::odds::EntryDoc<'a>>,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    notes: &'a [String],
}

fn serialize_error(err: impl std::fmt::Display) -> Error {
    Error::data(format!("cannot serialize the result: {err}"))
}

/// Reads the table file a command names, with the ruleset's combatant keys.
pub fn read(path: &std::path::Path, settings: &Settings, env: &mut Env) -> Result<TableFile> {
    let (text, name) = read_file_text(path, env.stdin)?;
    load(&text, &name, &settings.rules.keys)
}

pub fn run(args: &TableArgs, settings: &Settings, env: &mut Env) -> Result<()> {
    if args.example {
        env.stdout.write_all(super::EXAMPLE.as_bytes())?;
        return Ok(());
    }
    let Some(path) = &args.file else {
        return Err(Error::usage("no table file given").hint("give a FILE, '-' for standard input, or --example"));
    };
    if settings.odds && settings.repeat.is_some() {
        return Err(Error::usage("--odds does not roll, so --repeat has nothing to repeat").hint("drop one of them"));
    }
    let file = read(path, settings, env)?;
    let format = if settings.quiet { Format::Text } else { settings.format };
    let palette = Palette::new(format == Format::Text && env.color(settings.color)).with_width(settings.width);
    if settings.odds {
        let out = odds_text(&file, settings, format, &palette)?;
        env.stdout.write_all(out.as_bytes())?;
        return Ok(());
    }
    if settings.show_seed && settings.quiet {
        writeln!(env.stderr, "seed {}", settings.seed)?;
    }
    let mut dice = SeededDice::new(settings.seed);
    let mut out = String::new();
    for n in 1..=settings.repeat.unwrap_or(1) {
        let roll = roll_file(&file, &mut dice);
        out.clear();
        roll_text(&file, &roll, n, settings, format, &palette, &mut out)?;
        env.stdout.write_all(out.as_bytes())?;
    }
    // On a terminal a drawn seed closes the text, dimly, so a roll at the table can be replayed.
    if env.terminal && settings.seed_drawn && !settings.show_seed && format == Format::Text && !settings.quiet {
        out.clear();
        palette.line(&mut out, "", &palette.dim(format_args!("--seed {} replays this", settings.seed)).to_string());
        env.stdout.write_all(out.as_bytes())?;
    }
    Ok(())
}

/// The file's odds (`--odds`) in the format asked.
fn odds_text(file: &TableFile, settings: &Settings, format: Format, palette: &Palette) -> Result<String> {
    let odds = super::odds::report(file);
    let mut out = String::new();
    match format {
        Format::Text if settings.quiet => {
            for entry in &odds.entries {
                let part = entry.part.as_deref().map(|p| format!("{p}: ")).unwrap_or_default();
                let _ = writeln!(out, "{} {part}{}", entry.prob, entry.label.trim());
            }
        }
        Format::Text => {
            let title = format!("table · {} · exact odds", file.file);
            palette.line(&mut out, "", &palette.paint(palette.title, title).to_string());
            render::odds::text(&odds, palette, &mut out);
        }
        Format::Json | Format::Yaml => {
            let doc = OddsDoc {
                command: "table",
                rules: settings.rules.id,
                file: &file.file,
                exact: true,
                version: VERSION,
                odds: odds.entry_docs(),
                notes: &odds.notes,
            };
            out = if format == Format::Json {
                serde_json::to_string(&doc).map_err(serialize_error)? + "\n"
            } else {
                render::yaml::to_string(&doc).map_err(serialize_error)?
            };
        }
    }
    Ok(out)
}

/// Run `n` of the rolls in the format asked, onto `out`.
fn roll_text(
    file: &TableFile,
    roll: &TableRoll,
    n: u64,
    settings: &Settings,
    format: Format,
    palette: &Palette,
    out: &mut String,
) -> Result<()> {
    let rules = settings.rules.id;
    match format {
        Format::Text if settings.quiet => {
            text::headline(roll, out);
            out.push('\n');
        }
        Format::Text => {
            if n > 1 {
                out.push('\n');
            }
            let mut title = format!("table · {} · {}", rules, file.file);
            if settings.repeat.is_some() {
                let _ = write!(title, " · run {n}");
            }
            if settings.show_seed {
                let _ = write!(title, " · seed {}", settings.seed);
            }
            palette.line(out, "", &palette.paint(palette.title, title).to_string());
            text::block(palette, roll, out);
        }
        Format::Json | Format::Yaml => {
            let doc = RollDoc {
                command: "table",
                rules,
                seed: settings.seed,
                version: VERSION,
                n: settings.repeat.map(|_| n),
                roll,
            };
            if format == Format::Json {
                *out = serde_json::to_string(&doc).map_err(serialize_error)?;
                out.push('\n');
            } else {
                if settings.repeat.is_some() {
                    out.push_str("---\n");
                }
                out.push_str(&render::yaml::to_string(&doc).map_err(serialize_error)?);
            }
        }
    }
    Ok(())
}
