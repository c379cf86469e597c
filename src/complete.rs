//! Completions that ask fray: `COMPLETE=bash fray` prints a hook for the shell's start-up file,
//! and at TAB the hook runs `COMPLETE=bash fray -- WORDS…`, which answers from the command line
//! of the ruleset typed, with completers for what depends on the words already typed. The hooks
//! are the files of `src/shell/`.

use crate::cast::KeyKind;
use crate::config::{Located, Words};
use crate::rulesets::{Ruleset, command};
use crate::track::complete::{shell_quote, shell_words};
use clap_complete::CompleteEnv;
use clap_complete::engine::{ArgValueCompleter, CompletionCandidate};
use clap_complete::env::{Elvish, EnvCompleter, Fish, Powershell, Shells};
use std::ffi::{OsStr, OsString};
use std::io::{self, Write};

/// Answers a completion request (`COMPLETE` set): the shell's hook, or the candidates for the
/// words after `--`. `args` are the process's arguments, `rules_var` FRAY_RULES, `config` where
/// the config file is (its words count, as they do when the line runs). `Ok(false)` when
/// `COMPLETE` asks for nothing (empty or `0`).
pub fn complete(
    args: &[OsString],
    rules_var: Option<OsString>,
    config: &Located,
    current_dir: Option<&std::path::Path>,
) -> clap::error::Result<bool> {
    let words: Vec<OsString> = match args.iter().position(|a| a == "--") {
        Some(i) => args[i + 1..].to_vec(),
        None => Vec::new(),
    };
    // Bash splits words at `:` and `=` too: its hook hands over the line, read as words here.
    let words = match std::env::var("_FRAY_COMPLETE_LINE") {
        Ok(line) => shell_words(&line).into_iter().map(OsString::from).collect(),
        Err(_) => words,
    };
    // Bash and zsh through hooks of their own; the other shells as clap_complete hooks them.
    let shells: [&dyn EnvCompleter; 5] = [&BashLine, &ZshSuffix, &Fish, &Elvish, &Powershell];
    // A config that cannot be read gives nothing to complete from; the run itself says why.
    let config = crate::line::config_words(config, &command::parsing()).ok().flatten();
    CompleteEnv::with_factory(move || completing_command(&words, rules_var.as_deref(), config.as_ref()))
        .shells(Shells(&shells))
        .try_complete(args.iter().cloned(), current_dir)
}

/// What the words typed so far tell the completers.
#[derive(Clone, Debug)]
struct Typed {
    /// The ruleset `--rules` names, else FRAY_RULES, the config or a roster, else the default.
    rules: &'static Ruleset,
    /// The sides `--side` names, else `party` and `monsters`.
    sides: Vec<String>,
    /// The names of the combatants typed, for the flags that name one.
    names: Vec<String>,
}

impl Typed {
    /// Reads `words` as the shell split them (the program's name first, the word at the cursor
    /// last), the config's words in front, as the command line's parser reads them.
    fn read(words: &[OsString], rules_var: Option<&OsStr>, config: Option<&Words>) -> (Typed, command::Named) {
        // The word at the cursor is still being written.
        let typed = match words.len() {
            0 | 1 => words,
            n => &words[..n - 1],
        };
        let so_far = crate::line::so_far(typed, config, rules_var);
        let mut sides = so_far.sides;
        if sides.is_empty() {
            sides = vec!["party".to_string(), "monsters".to_string()];
        }
        (Typed { rules: so_far.named.rules, sides, names: so_far.names }, so_far.named)
    }
}

/// The command line with a completer on every argument whose values depend on what is typed:
/// combatants and sides complete their keys, the flags that name a side complete side names,
/// those that name a combatant complete the names typed. Only the typed ruleset's flags are
/// offered.
fn completing_command(words: &[OsString], rules_var: Option<&OsStr>, config: Option<&Words>) -> clap::Command {
    let (typed, named) = Typed::read(words, rules_var, config);
    let mut cmd = command::command_for(named);
    // Build first: the commands' arguments are added only then.
    cmd.build();
    if cmd.find_subcommand("track").is_some() {
        let var = |name: &str| std::env::var(name).ok();
        cmd = cmd.mut_subcommand("track", |track| crate::track::complete::completers(track, words, var));
    }
    cmd.mut_subcommands(|sub| {
        sub.mut_args(|arg| {
            let typed = typed.clone();
            match arg.get_id().as_str() {
                "combatants" => arg.add(ArgValueCompleter::new(move |now: &OsStr| spec_candidates(now, &typed, true))),
                "sides" => arg.add(ArgValueCompleter::new(move |now: &OsStr| spec_candidates(now, &typed, false))),
                "ambush" | "aware" | "wait" | "surprised" | "fleeing" => {
                    arg.add(ArgValueCompleter::new(move |now: &OsStr| side_candidates(now, &typed, "")))
                }
                "delay" => {
                    arg.add(ArgValueCompleter::new(move |now: &OsStr| name_candidates(now, &typed, &[":after="])))
                }
                "ready" => {
                    arg.add(ArgValueCompleter::new(move |now: &OsStr| name_candidates(now, &typed, &[":before="])))
                }
                "hold" => arg.add(ArgValueCompleter::new(move |now: &OsStr| {
                    name_candidates(now, &typed, &["", ":before=", ":after="])
                })),
                "swap" => arg.add(ArgValueCompleter::new(move |now: &OsStr| name_candidates(now, &typed, &[":"]))),
                _ => arg,
            }
        })
    })
}

/// A combatant's name, `NAME` then one of `joiners` (`:after=`) and the other's name: the names
/// typed that go on from `now`.
fn name_candidates(now: &OsStr, typed: &Typed, joiners: &[&str]) -> Vec<CompletionCandidate> {
    let now = now.to_str().unwrap_or("");
    let mut out = Vec::new();
    for name in &typed.names {
        for joiner in joiners {
            let first = format!("{name}{joiner}");
            if joiner.is_empty() || !now.starts_with(&first) {
                if first.starts_with(now) && !out.iter().any(|c: &CompletionCandidate| c.get_value() == first.as_str())
                {
                    out.push(CompletionCandidate::new(first).help(Some("a combatant".into())));
                }
                continue;
            }
            for other in typed.names.iter().filter(|other| *other != name) {
                let whole = format!("{first}{other}");
                if whole.starts_with(now) {
                    out.push(CompletionCandidate::new(whole).help(Some("a combatant".into())));
                }
            }
        }
    }
    out
}

/// The sides that start with `now`, each written after `prefix`.
fn side_candidates(now: &OsStr, typed: &Typed, prefix: &str) -> Vec<CompletionCandidate> {
    let now = now.to_str().unwrap_or("");
    typed
        .sides
        .iter()
        .filter(|side| side.starts_with(now))
        .map(|side| CompletionCandidate::new(format!("{prefix}{side}")).help(Some("a side".into())))
        .collect()
}

/// The candidates for a combatant (`combatant`) or a side being written, `NAME[*COUNT]:KEY…`:
/// after the `:` or a `,`, the keys not given yet; after `side=`, the sides; after a key that
/// takes one of a few words, the words. Nothing while the name is being written.
fn spec_candidates(now: &OsStr, typed: &Typed, combatant: bool) -> Vec<CompletionCandidate> {
    let Some(now) = now.to_str() else { return Vec::new() };
    let Some((_, spec)) = now.split_once(':') else { return Vec::new() };
    let (given, last) = match spec.rsplit_once(',') {
        Some((given, last)) => (given.split(',').map(|kv| kv.split('=').next().unwrap_or(kv)).collect(), last),
        None => (Vec::new(), spec),
    };
    let written = &now[..now.len() - last.len()];
    let (side_keys, combatant_keys) = (typed.rules.keys.side.keys, typed.rules.keys.combatant.keys);
    let keys = if combatant { combatant_keys } else { side_keys };
    if let Some((key, value)) = last.split_once('=') {
        if combatant && key == "side" {
            return side_candidates(OsStr::new(value), typed, &format!("{written}side="));
        }
        let words = match keys.iter().find(|k| k.name == key).map(|k| k.kind) {
            Some(KeyKind::Word(words)) => words,
            _ => &[],
        };
        return words
            .iter()
            .filter(|w| w.starts_with(value))
            .map(|w| CompletionCandidate::new(format!("{written}{key}={w}")))
            .collect();
    }
    let side = combatant.then_some(("side", "the side it fights on (default: the first side)", true));
    keys.iter()
        .map(|k| (k.name, k.help, !matches!(k.kind, KeyKind::Flag)))
        .chain(side)
        .filter(|(name, ..)| name.starts_with(last) && !given.contains(name))
        .map(|(name, help, takes_value)| {
            let equals = if takes_value { "=" } else { "" };
            CompletionCandidate::new(format!("{written}{name}{equals}")).help(Some(help.into()))
        })
        .collect()
}

/// Bash splits words at `:` and `=` too (COMP_WORDBREAKS), and fray's keys hold both: its hook
/// hands over the line up to the cursor, which fray splits as the shell does, and each answer
/// is cut to the part after the last break, which is what bash replaces.
struct BashLine;

impl EnvCompleter for BashLine {
    fn name(&self) -> &'static str {
        "bash"
    }

    fn is(&self, name: &str) -> bool {
        name == "bash"
    }

    fn write_registration(
        &self,
        var: &str,
        name: &str,
        bin: &str,
        completer: &str,
        buf: &mut dyn Write,
    ) -> io::Result<()> {
        let function = format!("_clap_complete_{}", name.replace('-', "_"));
        hook(include_str!("shell/hook.bash"), &function, var, bin, completer, buf)
    }

    fn write_complete(
        &self,
        cmd: &mut clap::Command,
        args: Vec<OsString>,
        current_dir: Option<&std::path::Path>,
        buf: &mut dyn Write,
    ) -> io::Result<()> {
        let line = std::env::var("_FRAY_COMPLETE_LINE").ok();
        let replaced = std::env::var("_FRAY_COMPLETE_WORD").unwrap_or_default();
        let separator = std::env::var("_CLAP_IFS").unwrap_or_else(|_| "\n".to_string());
        let words: Vec<String> = match line {
            Some(line) => shell_words(&line),
            None => args.iter().map(|a| a.to_string_lossy().into_owned()).collect(),
        };
        let index = words.len().saturating_sub(1);
        if index == 0 {
            // Nothing after the command's name, not even an empty word: nothing to complete.
            return Ok(());
        }
        let current = words[index].clone();
        let before = current.strip_suffix(replaced.as_str()).unwrap_or("").to_string();
        let candidates =
            clap_complete::engine::complete(cmd, words.into_iter().map(OsString::from).collect(), index, current_dir)?;
        for (i, candidate) in candidates.iter().enumerate() {
            let value = candidate.get_value().to_string_lossy();
            let value = value.strip_prefix(before.as_str()).unwrap_or(&value);
            write!(buf, "{}{value}", if i == 0 { "" } else { separator.as_str() })?;
        }
        Ok(())
    }
}

/// Zsh, as clap_complete hooks it, puts a space after every answer, also after `iq=`, and
/// keeps it when a `,` follows `cr`. This hook puts none after an answer that goes on (`iq=`, a
/// folder), and takes the space back when a `,` is typed after one that may (`cr`). It also
/// hands fray the words without their quotes, and the word at the cursor as zsh reads it
/// (`'Bob:w` is `Bob:w`).
struct ZshSuffix;

impl EnvCompleter for ZshSuffix {
    fn name(&self) -> &'static str {
        "zsh"
    }

    fn is(&self, name: &str) -> bool {
        name == "zsh"
    }

    fn write_registration(
        &self,
        var: &str,
        name: &str,
        bin: &str,
        completer: &str,
        buf: &mut dyn Write,
    ) -> io::Result<()> {
        let function = format!("_clap_dynamic_completer_{}", name.replace('-', "_"));
        hook(include_str!("shell/hook.zsh"), &function, var, bin, completer, buf)
    }

    fn write_complete(
        &self,
        cmd: &mut clap::Command,
        mut args: Vec<OsString>,
        current_dir: Option<&std::path::Path>,
        buf: &mut dyn Write,
    ) -> io::Result<()> {
        let index: usize = std::env::var("_CLAP_COMPLETE_INDEX").ok().and_then(|i| i.parse().ok()).unwrap_or_default();
        // The word at the cursor is missing when it is still empty.
        if args.len() == index {
            args.push(OsString::new());
        }
        for candidate in clap_complete::engine::complete(cmd, args, index, current_dir)? {
            let value = candidate.get_value().to_string_lossy();
            let kind = if value.ends_with(['=', ':', '/', ',']) { 'o' } else { 'c' };
            // `_describe` reads `value:help`, a `:` in the value escaped.
            write!(buf, "{kind}:{}", value.replace('\\', "\\\\").replace(':', "\\:"))?;
            if let Some(help) = candidate.get_help() {
                write!(buf, ":{}", help.to_string().lines().next().unwrap_or_default().replace('\\', "\\\\"))?;
            }
            writeln!(buf)?;
        }
        Ok(())
    }
}

/// A hook script of `src/shell/` with its names filled in: the shell function's, the
/// environment variable's, the program's and the completer's (quoted for the shell).
fn hook(script: &str, function: &str, var: &str, bin: &str, completer: &str, buf: &mut dyn Write) -> io::Result<()> {
    let script = script
        .replace("@FUNCTION@", function)
        .replace("@VAR@", var)
        .replace("@COMPLETER@", &shell_quote(completer))
        .replace("@BIN@", &shell_quote(bin));
    buf.write_all(script.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `words` tell, the word at the cursor (empty) after them.
    fn typed(words: &[&str], rules_var: Option<&str>) -> Typed {
        let words: Vec<OsString> = words.iter().chain(&[""]).map(OsString::from).collect();
        Typed::read(&words, rules_var.map(OsStr::new), None).0
    }

    fn values(candidates: Vec<CompletionCandidate>) -> Vec<String> {
        candidates.iter().map(|c| c.get_value().to_string_lossy().into_owned()).collect()
    }

    #[test]
    fn the_ruleset_and_the_sides_come_from_the_words_as_the_parser_reads_them() {
        let t = typed(&["fray", "-r", "gurps", "surprise", "--side", "orcs:chance=3"], None);
        assert_eq!((t.rules.id, t.sides.as_slice()), ("gurps", &["orcs".to_string()][..]));
        let t = typed(&["fray", "--side", "orcs", "surprise", "--rules=5e", "--side=wolves:aware"], None);
        assert_eq!((t.rules.id, t.sides.join(",").as_str()), ("5e", "orcs,wolves"));
        assert_eq!(typed(&["fray", "-rwod", "surprise"], Some("gurps")).rules.id, "wod");
        // A word the parser refuses ends the reading; what came before it counts.
        assert_eq!(typed(&["fray", "-r", "bx", "surprise", "--bogus", "-r", "5e"], None).rules.id, "bx");
        assert_eq!(typed(&["fray", "surprise"], Some("NWOD")).rules.id, "wod", "FRAY_RULES, in any case, by alias");
        let t = typed(&["fray", "-r", "nonsense", "surprise"], Some("also nonsense"));
        assert_eq!((t.rules.id, t.sides.join(",").as_str()), ("ose", "party,monsters"));
    }

    #[test]
    fn the_configs_words_count_before_the_line() {
        let config =
            Words { words: vec!["--rules=cofd".into(), "--side=us".into()], lines: vec![1, 2], path: "c".into() };
        let words: Vec<OsString> = ["fray", "surprise", ""].iter().map(OsString::from).collect();
        let (t, named) = Typed::read(&words, Some(OsStr::new("gurps")), Some(&config));
        assert_eq!((t.rules.id, t.sides.as_slice()), ("gurps", &["us".to_string()][..]), "FRAY_RULES beats the config");
        assert_eq!(named.procedure.map(|p| p.name()), Some("surprise"));
        let (t, _) = Typed::read(&words, None, Some(&config));
        assert_eq!(t.rules.id, "cofd");
    }

    #[test]
    fn keys_not_given_yet_and_the_values_of_side_and_word_keys() {
        let t = typed(&["fray", "-r", "5e", "--side", "us", "--side", "them"], None);
        let keys = |now: &str| values(spec_candidates(OsStr::new(now), &t, true));
        assert_eq!(keys("Elf"), Vec::<String>::new(), "a name is being written");
        assert_eq!(keys("Elf:a"), ["Elf:alert", "Elf:adv", "Elf:action=", "Elf:ac="]);
        assert_eq!(keys("Elf:alert,a"), ["Elf:alert,adv", "Elf:alert,action=", "Elf:alert,ac="]);
        assert_eq!(keys("Elf*2:per=3,side="), ["Elf*2:per=3,side=us", "Elf*2:per=3,side=them"]);
        assert_eq!(keys("Elf:size=g"), ["Elf:size=gargantuan"]);
        assert_eq!(keys("Elf:dex=1"), Vec::<String>::new(), "a number has no list");
        assert!(values(spec_candidates(OsStr::new("us:"), &t, false)).is_empty(), "5e sides take no keys");
        assert_eq!(values(side_candidates(OsStr::new("t"), &t, "")), ["them"]);
    }

    #[test]
    fn flags_that_name_a_combatant_complete_the_names_typed() {
        let t = typed(&["fray", "-r", "wod", "initiative", "--roster", "party.yaml", "Mitch:wits=2", "Larry*2"], None);
        assert_eq!(t.names, ["Mitch", "Larry"], "the roster's path and the word at the cursor are no names");
        let after = |now: &str, joiners: &[&str]| values(name_candidates(OsStr::new(now), &t, joiners));
        assert_eq!(after("", &[":after="]), ["Mitch:after=", "Larry:after="]);
        assert_eq!(after("Mitch:after=", &[":after="]), ["Mitch:after=Larry"]);
        assert_eq!(after("L", &["", ":before="]), ["Larry", "Larry:before="]);
        assert_eq!(after("Rogue:", &[":"]), Vec::<String>::new());
    }
}
