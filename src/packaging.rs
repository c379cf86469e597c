//! Shell completions and man pages, generated from the clap definition and the registry of
//! rulesets: the static completion scripts and pages kept in the repository, and the completions
//! that ask fray itself at TAB, which know the ruleset and the sides already typed.

use crate::cast::{KeyDef, KeyKind, MAX_GROUP};
use crate::cli;
use crate::rulesets::{Procedure, RULESETS, Ruleset};
use clap::ValueEnum as _;
use clap_complete::engine::{ArgValueCompleter, CompletionCandidate};
use clap_complete::env::{Elvish, EnvCompleter, Fish, Powershell, Shells};
use clap_complete::{CompleteEnv, Shell};
use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;
use std::io::{self, Write};

/// Every shell fray ships a completion script for, with the script's file name.
pub const SHELLS: [(Shell, &str); 5] = [
    (Shell::Bash, "fray.bash"),
    (Shell::Zsh, "_fray"),
    (Shell::Fish, "fray.fish"),
    (Shell::Elvish, "fray.elv"),
    (Shell::PowerShell, "_fray.ps1"),
];

/// The completion script for `shell`.
pub fn completion(shell: Shell) -> Vec<u8> {
    let mut cmd = crate::cli::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "fray", &mut out);
    if shell == Shell::Fish {
        return fish_values_after_global_options(out);
    }
    out
}

/// The generated fish script finds the subcommand with `argparse`, which fails while a global
/// option still awaits its value (`fray --rules <TAB>`), so no value was offered. Retrying
/// without the last word lets fish offer the option's values.
fn fish_values_after_global_options(script: Vec<u8>) -> Vec<u8> {
    let text = String::from_utf8_lossy(&script);
    let retry = "    or begin\n        set -e cmd[-1]\n        argparse -s (__fish_fray_global_optspecs) -- $cmd 2>/dev/null\n        or return\n    end\n";
    text.replacen("    or return\n", retry, 1).into_bytes()
}

const ENVIRONMENT: [(&str, &str); 5] = [
    ("FRAY_RULES", "The ruleset used when --rules is not given."),
    ("FRAY_FORMAT", "The output format used when --format is not given."),
    ("NO_COLOR", "When set and not empty, --color auto does not colour."),
    ("CLICOLOR_FORCE", "When set and not 0, --color auto colours even when standard output is not a terminal."),
    ("COLUMNS", "The width text output wraps to when --width is not given (else the terminal's, else 80)."),
];

const EXIT_STATUS: [(&str, &str); 3] = [
    ("0", "Success."),
    ("1", "Unreadable or malformed data, such as a roster file that cannot be read or parsed."),
    ("2", "Usage error: an unknown flag, a bad value, or a procedure the ruleset does not have."),
];

/// The `-q` format, as the README's "Output for scripts" gives it (`code` in backticks): what
/// each command prints; each ruleset's encounter fields are in its manual.
pub const QUIET_INTRO: &str = "`-q` prints one line per run, whatever `--format` says. Lists are \
    joined by `,` with no spaces (a name cannot hold a `,`), and an empty list is `none`.";

pub const QUIET: &[(&str, &str)] = &[
    (
        "`surprise`",
        "the surprised, as the ruleset rolls: sides in `ose`, combatants in `gurps`, `5e`, `5e2024` \
        and `wod` (`party`; `Orc 1,Orc 2`; `none`).",
    ),
    ("`distance`", "the feet (`60`)."),
    (
        "`initiative`",
        "who acts in the first round, in acting order (`party,monsters`). Sides that act at the same \
        time are joined by `+` (`party+monsters,wolves`); a `5e` speed factor gives its first round; \
        a `wod` combatant who is surprised or holds sits round 1 out.",
    ),
    ("`reaction`", "the total (`9`)."),
    (
        "`pursue`",
        "the outcome (`caught`, `escaped`, `distracted`, `gave_up` or `running`) and the round it \
        ended (`caught 3`).",
    ),
    (
        "`encounter`",
        "`key=value` fields separated by spaces, each key once: `surprised` as for `surprise`, \
        `order` as for `initiative` (the surprised, who cannot act in the first round, left out), and \
        what else the ruleset's encounter finds (below). A value that holds a space or a `\"` is \
        written in double quotes, with `\"` and `\\` escaped by a backslash, as logfmt does: \
        `surprised=\"Orc 1,Orc 2\"`.",
    ),
];

/// The first ruleset listed is the default, the one an example without `-r` runs under.
fn default_ruleset() -> &'static Ruleset {
    RULESETS[0]
}

/// `fray.1`, one page per visible command (`fray-surprise.1`…) and one per ruleset
/// (`fray-ose.7`…), as (file, bytes).
pub fn man_pages() -> io::Result<Vec<(String, Vec<u8>)>> {
    let mut cmd = crate::cli::command();
    cmd.build();
    let see_also = see_also(&cmd);
    let mut pages = vec![("fray.1".to_string(), page(&cmd, cli::EXAMPLES, &see_also)?)];
    for sub in commands(&cmd) {
        let name = format!("fray-{}", sub.get_name());
        let examples = sub.get_after_help().map(|h| h.to_string()).unwrap_or_default();
        pages.push((format!("{name}.1"), page(&sub.clone().name(name), &examples, &see_also)?));
    }
    for rules in RULESETS {
        pages.push((format!("fray-{}.7", rules.id), ruleset_page(&cmd, rules)?));
    }
    Ok(pages)
}

/// The commands with a page of their own: every visible one but `help`.
fn commands(cmd: &clap::Command) -> impl Iterator<Item = &clap::Command> {
    cmd.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help")
}

/// Every page but the ruleset pages ends with the same list: `fray(1), fray-surprise(1)…`.
fn see_also(cmd: &clap::Command) -> String {
    let mut pages = vec!["fray(1)".to_string()];
    pages.extend(commands(cmd).map(|c| format!("fray-{}(1)", c.get_name())));
    pages.extend(RULESETS.iter().map(|r| format!("fray-{}(7)", r.id)));
    pages.join(", ")
}

/// One page: clap's sections, then examples, environment and exit status written here.
fn page(cmd: &clap::Command, examples: &str, see_also: &str) -> io::Result<Vec<u8>> {
    let man =
        clap_mangen::Man::new(cmd.clone()).manual("fray manual").source(format!("fray {}", env!("CARGO_PKG_VERSION")));
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    if commands(cmd).next().is_some() {
        // clap's own list names a page for `help`, which has none.
        writeln!(out, ".SH COMMANDS")?;
        for sub in commands(cmd) {
            let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
            writeln!(out, ".TP\n\\fBfray\\-{}\\fR(1)\n{}", escape(sub.get_name()), escape(&about))?;
        }
        quiet_section(&mut out)?;
    }
    examples_section(&mut out, examples.lines().filter(|l| l.starts_with("  ")))?;
    writeln!(out, ".SH ENVIRONMENT")?;
    for (name, meaning) in ENVIRONMENT {
        writeln!(out, ".TP\n.B {name}\n{}", escape(meaning))?;
    }
    writeln!(out, ".SH \"EXIT STATUS\"")?;
    for (code, meaning) in EXIT_STATUS {
        writeln!(out, ".TP\n.B {code}\n{}", escape(meaning))?;
    }
    writeln!(out, ".SH \"SEE ALSO\"\n{}", page_list(see_also))?;
    writeln!(out, ".SH VERSION\nv{}", env!("CARGO_PKG_VERSION"))?;
    Ok(out)
}

/// `fray(1)`'s section on `-q`: each command's line, and each ruleset's encounter fields.
fn quiet_section(out: &mut Vec<u8>) -> io::Result<()> {
    writeln!(out, ".SH \"OUTPUT FOR SCRIPTS\"\n{}", roff(QUIET_INTRO))?;
    for (command, line) in QUIET {
        writeln!(out, ".TP\n{}\n{}", roff(command), roff(line))?;
    }
    writeln!(out, ".PP\nThe fields of an encounter, by ruleset:")?;
    for rules in RULESETS {
        writeln!(out, ".TP\n\\fB{}\\fR\n{}", escape(rules.id), roff(rules.manual.quiet_encounter))?;
    }
    writeln!(
        out,
        ".PP\nWith \\fB\\-\\-format yaml\\fR or \\fBjson\\fR, each ruleset's page gives the fields of each command."
    )
}

/// An EXAMPLES section from help lines `  fray …   what it does`; nothing when there are none.
fn examples_section<'a>(out: &mut Vec<u8>, lines: impl Iterator<Item = &'a str>) -> io::Result<()> {
    for (i, line) in lines.enumerate() {
        if i == 0 {
            writeln!(out, ".SH EXAMPLES")?;
        }
        let line = line.trim();
        let (command, comment) = match line.find("   ") {
            Some(i) => (line[..i].trim_end(), line[i..].trim()),
            None => (line, ""),
        };
        writeln!(out, ".TP\n.B {}", escape(command))?;
        writeln!(out, "{}", if comment.is_empty() { "\\&".to_string() } else { escape(comment) })?;
    }
    Ok(())
}

/// The ruleset's `--rules` value as help shows it: its words and its other names.
fn rules_value(cmd: &clap::Command, rules: &Ruleset) -> (String, Vec<String>) {
    let value = cmd
        .get_arguments()
        .find(|a| a.get_id() == "rules")
        .into_iter()
        .flat_map(|a| a.get_possible_values())
        .find(|v| v.get_name() == rules.id);
    let about = value.as_ref().and_then(|v| v.get_help()).map(|h| h.to_string()).unwrap_or_default();
    let aliases = value.map(|v| v.get_name_and_aliases().skip(1).map(str::to_string).collect()).unwrap_or_default();
    (about, aliases)
}

/// The keys of a ruleset's sides and of its combatants: the one place that knows where the
/// registry keeps them.
fn keys_of(rules: &Ruleset) -> [&'static [KeyDef]; 2] {
    [rules.keys.side.keys, rules.keys.combatant.keys]
}

/// How a key is written: `cr`, `iq=N`, `speed=N.NN`, `size=WORD`, `action=TEXT`.
fn key_tag(key: &KeyDef) -> String {
    let value = match key.kind {
        KeyKind::Flag => return format!("\\fB{}\\fR", escape(key.name)),
        KeyKind::Int { .. } => "N",
        KeyKind::Hundredths { .. } => "N.NN",
        KeyKind::Word(_) => "WORD",
        KeyKind::Text(_) => "TEXT",
    };
    format!("\\fB{}\\fR=\\fI{value}\\fR", escape(key.name))
}

/// What a key means and takes, as the roster template says it (a flag takes no value).
fn key_meaning(key: &KeyDef) -> String {
    match key.kind {
        KeyKind::Flag | KeyKind::Text(_) => escape(key.help),
        _ => escape(&format!("{} ({})", key.help, key.allowed())),
    }
}

/// `fray-<id>(7)`: the ruleset's part of the README (rules, notes, output fields), its keys
/// from their descriptions, its roster example and the examples of its commands' help.
fn ruleset_page(cmd: &clap::Command, rules: &Ruleset) -> io::Result<Vec<u8>> {
    let (about, aliases) = rules_value(cmd, rules);
    let manual = &rules.manual;
    let id = escape(rules.id);
    let name = format!("fray-{}", rules.id);
    let procedures: Vec<Procedure> = Procedure::ALL.into_iter().filter(|p| rules.has(*p)).collect();
    let names: Vec<&str> = procedures.iter().map(|p| p.name()).collect();
    let mut out = Vec::new();
    writeln!(out, ".TH {name} 7 \"\" \"fray {}\" \"fray manual\"", env!("CARGO_PKG_VERSION"))?;
    // Field lists and flags read better unhyphenated and ragged-right.
    writeln!(out, ".nh\n.ad l")?;
    writeln!(out, ".SH NAME\n{} \\- {}", escape(&name), escape(&about))?;
    writeln!(out, ".SH SYNOPSIS")?;
    writeln!(
        out,
        "\\fBfray \\-r {id}\\fR \\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fICOMBATANT\\fR...]\n.br\nCOMMAND: {}",
        escape(&names.join(" | "))
    )?;
    writeln!(out, ".SH DESCRIPTION")?;
    for paragraph in manual.intro {
        writeln!(out, "{}\n.PP", roff(paragraph))?;
    }
    let also = if aliases.is_empty() { String::new() } else { format!(" (or {})", aliases.join(", ")) };
    writeln!(
        out,
        "{}",
        roff(&format!(
            "The ruleset is chosen with `--rules {}`{also}, or with `FRAY_RULES={}` in the environment.",
            rules.id, rules.id
        ))
    )?;
    writeln!(out, ".SH COMMANDS")?;
    for (command, rule) in manual.rules {
        writeln!(out, ".TP\n{}\n{}", roff(command), roff(rule))?;
    }
    let [side_keys, combatant_keys] = keys_of(rules);
    writeln!(out, ".SH \"SIDE KEYS\"")?;
    writeln!(
        out,
        "{}",
        roff(
            "Given as `--side NAME:KEY[=VALUE],...`, or as fields of a side in a `--roster` file. A key \
             that takes no value is a flag: given alone, or as `KEY=true` or `KEY=false`."
        )
    )?;
    if side_keys.is_empty() {
        writeln!(out, ".PP\nSides of this ruleset take no keys.")?;
    }
    for key in side_keys {
        writeln!(out, ".TP\n{}\n{}", key_tag(key), key_meaning(key))?;
    }
    writeln!(out, ".SH \"COMBATANT KEYS\"")?;
    writeln!(
        out,
        "{}",
        roff("Given as `NAME[*COUNT]:KEY[=VALUE],...`, or as fields of a combatant in a `--roster` file.")
    )?;
    writeln!(out, ".TP\n\\fB*\\fR\\fICOUNT\\fR, \\fBcount\\fR: \\fIN\\fR")?;
    writeln!(
        out,
        "{}",
        escape(&format!("a group of N identical combatants (1 to {MAX_GROUP}), named NAME 1, NAME 2..."))
    )?;
    writeln!(out, ".TP\n\\fBside\\fR=\\fINAME\\fR\nthe side it fights on (default: the first side)")?;
    for key in combatant_keys {
        writeln!(out, ".TP\n{}\n{}", key_tag(key), key_meaning(key))?;
    }
    if !manual.notes.is_empty() {
        writeln!(out, ".SH NOTES")?;
        for (i, paragraph) in manual.notes.iter().enumerate() {
            writeln!(out, "{}{}", if i > 0 { ".PP\n" } else { "" }, roff(paragraph))?;
        }
    }
    writeln!(out, ".SH ROSTER")?;
    writeln!(
        out,
        "{}",
        roff(&format!(
            "A roster for `--roster FILE`; `fray -r {} {} --roster-example` prints it with every key explained.",
            rules.id,
            names.iter().find(|n| **n == "encounter").unwrap_or(&names[0])
        ))
    )?;
    writeln!(out, ".PP\n.RS 4\n.nf")?;
    for line in rules.roster.lines() {
        writeln!(out, "{}", escape(line))?;
    }
    writeln!(out, ".fi\n.RE")?;
    writeln!(out, ".SH OUTPUT")?;
    writeln!(
        out,
        "{}",
        roff(
            "With `--format yaml` or `json`, every document has `command`, `rules`, `seed`, `version` \
              (and `n` with `--repeat`), then the result's fields:"
        )
    )?;
    for (command, fields) in manual.output {
        writeln!(out, ".TP\n{}\n{}", roff(command), roff(fields))?;
    }
    writeln!(out, ".PP\n{}", roff("With `-q`, one line per run (see fray(1)); an encounter's fields:"))?;
    writeln!(out, ".TP\n{}\n{}", roff("`encounter -q`"), roff(manual.quiet_encounter))?;
    let default = std::ptr::eq(rules, default_ruleset());
    let mut examples: Vec<String> = Vec::new();
    for sub in commands(cmd).filter(|s| names.contains(&s.get_name())) {
        let help = sub.get_after_help().map(|h| h.to_string()).unwrap_or_default();
        for line in help.lines().filter(|l| l.starts_with("  fray ")) {
            if example_rules(line).map_or(default, |r| r.eq_ignore_ascii_case(rules.id))
                && !examples.contains(&line.to_string())
            {
                examples.push(line.to_string());
            }
        }
    }
    examples_section(&mut out, examples.iter().map(String::as_str))?;
    let mut see_also = vec!["fray(1)".to_string()];
    see_also.extend(names.iter().map(|n| format!("fray-{n}(1)")));
    see_also.extend(RULESETS.iter().filter(|r| r.id != rules.id).map(|r| format!("fray-{}(7)", r.id)));
    writeln!(out, ".SH \"SEE ALSO\"\n{}", page_list(&see_also.join(", ")))?;
    writeln!(out, ".SH VERSION\nv{}", env!("CARGO_PKG_VERSION"))?;
    Ok(out)
}

/// The ruleset an example line of help names with `-r ID` or `--rules ID`, if any.
fn example_rules(line: &str) -> Option<&str> {
    let mut words = line.split_whitespace();
    while let Some(word) = words.next() {
        if word == "-r" || word == "--rules" {
            return words.next();
        }
        if let Some(id) = word.strip_prefix("--rules=") {
            return Some(id);
        }
    }
    None
}

/// A list of pages, `fray(1), fray-surprise(1)`, whose names are never hyphenated at a line's end.
fn page_list(pages: &str) -> String {
    pages.split(", ").map(|page| format!("\\%{}", escape(page))).collect::<Vec<_>>().join(", ")
}

/// README text as roff: `code` in bold, the rest escaped.
fn roff(text: &str) -> String {
    text.split('`')
        .enumerate()
        .map(|(i, part)| if i % 2 == 1 { format!("\\fB{}\\fR", escape(part)) } else { escape(part) })
        .collect()
}

/// Text safe for a roff line: backslashes and hyphens escaped, no leading control character,
/// and characters beyond ASCII (`×`, `′`, `≤`) by their code point, whatever the reader's locale.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    if text.starts_with(['.', '\'']) {
        out.push_str("\\&");
    }
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\e"),
            '-' => out.push_str("\\-"),
            c if c.is_ascii() => out.push(c),
            c => {
                let _ = write!(out, "\\[u{:04X}]", c as u32);
            }
        }
    }
    out
}

// ------------------------------------------------------------------------------------------
// Completions that ask fray: `COMPLETE=bash fray` prints a hook for the shell's start-up file,
// and at TAB the hook runs `COMPLETE=bash fray -- WORDS…`, which answers from the command line
// built here: the static one, with completers for what depends on the words already typed.

/// Answers a completion request (`COMPLETE` set): the shell's hook, or the candidates for the
/// words after `--`. `args` are the process's arguments, `rules_var` FRAY_RULES. `Ok(false)`
/// when `COMPLETE` asks for nothing (empty or `0`).
pub fn complete(
    args: &[OsString],
    rules_var: Option<OsString>,
    current_dir: Option<&std::path::Path>,
) -> clap::error::Result<bool> {
    let words: Vec<OsString> = match args.iter().position(|a| a == "--") {
        Some(i) => args[i + 1..].to_vec(),
        None => Vec::new(),
    };
    // Bash and zsh through hooks of their own; the other shells as clap_complete hooks them.
    let shells: [&dyn EnvCompleter; 5] = [&BashLine, &ZshSuffix, &Fish, &Elvish, &Powershell];
    CompleteEnv::with_factory(move || completing_command(&Typed::read(&words, rules_var.as_deref())))
        .shells(Shells(&shells))
        .try_complete(args.iter().cloned(), current_dir)
}

/// What the words typed so far tell the completers.
#[derive(Clone, Debug)]
struct Typed {
    /// The ruleset `--rules` names, else FRAY_RULES, else the default.
    rules: &'static Ruleset,
    /// The sides `--side` names, else `party` and `monsters`.
    sides: Vec<String>,
}

impl Typed {
    /// Reads `words` as the shell split them. Bash also splits at `:` and `=`, so a lone `=` may
    /// stand between a flag and its value, and a side's keys follow its name as words of their own.
    fn read(words: &[OsString], rules_var: Option<&OsStr>) -> Typed {
        let words: Vec<&str> = words.iter().map(|w| w.to_str().unwrap_or("")).collect();
        let named = |text: &str| cli::RulesId::from_str(text, true).ok().map(Ruleset::get);
        let mut rules = rules_var.and_then(OsStr::to_str).and_then(named);
        let mut sides: Vec<String> = Vec::new();
        for (i, word) in words.iter().enumerate() {
            let next = || words[i + 1..].iter().copied().find(|w| *w != "=");
            let (flag, value) = match word.split_once('=') {
                Some((flag, value)) if flag.starts_with('-') => (flag, Some(value)),
                _ => (*word, None),
            };
            let value = match flag {
                "-r" | "--rules" | "--side" => value.or_else(next),
                _ => match flag.strip_prefix("-r") {
                    Some(attached) if !attached.is_empty() && !flag.starts_with("--") => Some(attached),
                    _ => None,
                },
            };
            match (flag, value) {
                ("--side", Some(spec)) => sides.push(spec.split(':').next().unwrap_or(spec).to_string()),
                (_, Some(id)) => rules = named(id).or(rules),
                _ => {}
            }
        }
        if sides.is_empty() {
            sides = vec!["party".to_string(), "monsters".to_string()];
        }
        Typed { rules: rules.unwrap_or_else(default_ruleset), sides }
    }
}

/// The command line with a completer on every argument whose values depend on what is typed:
/// combatants and sides complete their keys, the flags that name a side complete side names.
fn completing_command(typed: &Typed) -> clap::Command {
    let mut cmd = cli::command();
    // Build first: the commands' arguments are added only then.
    cmd.build();
    cmd.mut_subcommands(|sub| {
        sub.mut_args(|arg| {
            let typed = typed.clone();
            match arg.get_id().as_str() {
                "combatants" => arg.add(ArgValueCompleter::new(move |now: &OsStr| spec_candidates(now, &typed, true))),
                "sides" => arg.add(ArgValueCompleter::new(move |now: &OsStr| spec_candidates(now, &typed, false))),
                "ambush" | "aware" | "wait" | "surprised" | "fleeing" => {
                    arg.add(ArgValueCompleter::new(move |now: &OsStr| side_candidates(now, &typed, "")))
                }
                _ => arg,
            }
        })
    })
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
    let [side_keys, combatant_keys] = keys_of(typed.rules);
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
        let completer = shell_quote(completer);
        let bin = shell_quote(bin);
        writeln!(
            buf,
            r#"
{function}() {{
    local IFS=$'\013'
    local space=true
    if compopt +o nospace 2> /dev/null; then
        space=false
    fi
    COMPREPLY=( $( \
        _CLAP_IFS="$IFS" \
        _FRAY_COMPLETE_LINE="${{COMP_LINE:0:COMP_POINT}}" \
        _FRAY_COMPLETE_WORD="$2" \
        {var}="bash" \
        {completer} -- "${{COMP_WORDS[@]}}" 2> /dev/null \
    ) )
    if [[ $? != 0 ]]; then
        unset COMPREPLY
    elif [[ $space == false ]] && [[ "${{COMPREPLY-}}" =~ [=/:,]$ ]]; then
        compopt -o nospace
    fi
}}
if [[ "${{BASH_VERSINFO[0]}}" -eq 4 && "${{BASH_VERSINFO[1]}}" -ge 4 || "${{BASH_VERSINFO[0]}}" -gt 4 ]]; then
    complete -o nospace -o nosort -F {function} {bin}
else
    complete -o nospace -F {function} {bin}
fi"#
        )
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
        let completer = shell_quote(completer);
        let bin = shell_quote(bin);
        writeln!(
            buf,
            r#"#compdef {bin}
function {function}() {{
    local _CLAP_COMPLETE_INDEX=$(expr $CURRENT - 1)
    local -a completions=("${{(@f)$( \
        _CLAP_COMPLETE_INDEX="$_CLAP_COMPLETE_INDEX" \
        {var}="zsh" \
        {completer} -- "${{(@Q)words[1,CURRENT-1]}}" "$PREFIX" 2>/dev/null \
    )}}")
    local -a open=() closed=()
    local completion
    for completion in $completions; do
        case $completion in
            (o:*) open+=("${{completion#o:}}") ;;
            (c:*) closed+=("${{completion#c:}}") ;;
        esac
    done
    [[ -n $open ]] && _describe -V values open -S ''
    [[ -n $closed ]] && _describe -V values closed -S ' ' -r ','
}}

compdef {function} {bin}"#
        )
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

/// The words of a shell command line with quotes and backslashes taken away; the last is the
/// word at the cursor (empty after a space).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut started = false;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') => match chars.next() {
                Some(next @ ('"' | '\\' | '$' | '`')) => word.push(next),
                Some(next) => {
                    word.push('\\');
                    word.push(next);
                }
                None => word.push('\\'),
            },
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                started = true;
            }
            (None, '\\') => {
                word.extend(chars.next());
                started = true;
            }
            (None, c) if c.is_whitespace() => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            (None, c) => {
                word.push(c);
                started = true;
            }
        }
    }
    words.push(word);
    words
}

/// `text` quoted for a POSIX shell when it needs to be.
fn shell_quote(text: &str) -> String {
    if !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+,:@%=".contains(c)) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(words: &[&str], rules_var: Option<&str>) -> Typed {
        let words: Vec<OsString> = words.iter().map(OsString::from).collect();
        Typed::read(&words, rules_var.map(OsStr::new))
    }

    fn values(candidates: Vec<CompletionCandidate>) -> Vec<String> {
        candidates.iter().map(|c| c.get_value().to_string_lossy().into_owned()).collect()
    }

    #[test]
    fn the_ruleset_and_the_sides_come_from_the_words_however_split() {
        let t = typed(&["fray", "-r", "gurps", "surprise", "--side", "orcs", ":", "chance"], None);
        assert_eq!((t.rules.id, t.sides.as_slice()), ("gurps", &["orcs".to_string()][..]));
        // Bash splits `--rules=5e` and `--side=orcs:x` at the `=` and the `:`.
        let t = typed(&["fray", "--rules", "=", "5e", "--side", "=", "orcs", "--side=wolves:aware"], None);
        assert_eq!((t.rules.id, t.sides.join(",").as_str()), ("5e", "orcs,wolves"));
        assert_eq!(typed(&["fray", "-rwod", "surprise"], Some("gurps")).rules.id, "wod");
        assert_eq!(typed(&["fray", "surprise"], Some("NWOD")).rules.id, "wod", "FRAY_RULES, in any case, by alias");
        let t = typed(&["fray", "-r", "nonsense", "surprise"], Some("also nonsense"));
        assert_eq!((t.rules.id, t.sides.join(",").as_str()), ("ose", "party,monsters"));
    }

    #[test]
    fn keys_not_given_yet_and_the_values_of_side_and_word_keys() {
        let t = typed(&["fray", "-r", "5e", "--side", "us", "--side", "them"], None);
        let keys = |now: &str| values(spec_candidates(OsStr::new(now), &t, true));
        assert_eq!(keys("Elf"), Vec::<String>::new(), "a name is being written");
        assert_eq!(keys("Elf:a"), ["Elf:alert", "Elf:adv", "Elf:action="]);
        assert_eq!(keys("Elf:alert,a"), ["Elf:alert,adv", "Elf:alert,action="]);
        assert_eq!(keys("Elf*2:per=3,side="), ["Elf*2:per=3,side=us", "Elf*2:per=3,side=them"]);
        assert_eq!(keys("Elf:size=g"), ["Elf:size=gargantuan"]);
        assert_eq!(keys("Elf:dex=1"), Vec::<String>::new(), "a number has no list");
        assert!(values(spec_candidates(OsStr::new("us:"), &t, false)).is_empty(), "5e sides take no keys");
        assert_eq!(values(side_candidates(OsStr::new("t"), &t, "")), ["them"]);
    }

    #[test]
    fn shell_words_lose_their_quotes_and_end_with_the_word_at_the_cursor() {
        assert_eq!(shell_words("fray surprise "), ["fray", "surprise", ""]);
        assert_eq!(shell_words("fray 'Big Bob:c"), ["fray", "Big Bob:c"]);
        assert_eq!(shell_words(r#"fray "a\"b" c\ d"#), ["fray", "a\"b", "c d"]);
        assert_eq!(shell_words(""), [""]);
    }
}
