//! Shell completions and man pages, generated from the clap definition alone.

use crate::cast::{KeyDef, KeyKind, MAX_GROUP};
use crate::cli;
use crate::rulesets::{Procedure, RULESETS, Ruleset};
use clap_complete::Shell;
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

const ENVIRONMENT: [(&str, &str); 4] = [
    ("FRAY_RULES", "The ruleset used when --rules is not given."),
    ("FRAY_FORMAT", "The output format used when --format is not given."),
    ("NO_COLOR", "When set and not empty, --color auto does not colour."),
    ("CLICOLOR_FORCE", "When set and not 0, --color auto colours even when standard output is not a terminal."),
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
        "the surprised, as the ruleset rolls: sides in `ose`, combatants in `gurps`, `5e` and `wod` \
        (`party`; `Orc 1,Orc 2`; `none`).",
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
        "the outcome (`caught`, `escaped`, `distracted` or `running`) and the round it ended \
        (`caught 3`).",
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
    [rules.schema.side_keys, rules.schema.combatant_keys]
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
