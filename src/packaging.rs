//! Shell completions and man pages, generated from the clap definition and the registry of
//! rulesets: the static completion scripts and pages kept in the repository, and the completions
//! that ask fray itself at TAB, which know the ruleset and the sides already typed.

use crate::cast::{KeyDef, KeyKind, MAX_GROUP};
use crate::cli;
use crate::readme::{self, Block};
use crate::rulesets::{Procedure, RULESETS, Ruleset, command};
use clap_complete::Shell;
use clap_mangen::roff::{Inline, Roff, bold, italic, line_break, roman};
use std::io;

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
    let mut cmd = crate::rulesets::command::command();
    cmd.build();
    let mut cmd = cmd.mut_subcommands(|sub| sub.mut_args(with_every_value));
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "fray", &mut out);
    // Two patches where clap_complete's script falls short, each with its reason where it is
    // written: fish offers no value after a global option, and bash breaks words at `:` and `=`,
    // which fray's keys hold (src/shell/keys.bash).
    match shell {
        Shell::Fish => fish_values_after_global_options(out),
        Shell::Bash => [out, include_bytes!("shell/keys.bash").to_vec()].concat(),
        _ => out,
    }
}

/// `arg` offering every ruleset's words for its value.
fn with_every_value(arg: clap::Arg) -> clap::Arg {
    match arg.get_long() {
        Some(long) => command::offer(command::every_value(&format!("--{long}")), arg),
        None => arg,
    }
}

/// The generated fish script finds the subcommand with `argparse`, which fails while a global
/// option still awaits its value (`fray --rules <TAB>`), so no value was offered. Retrying
/// without the last word lets fish offer the option's values.
fn fish_values_after_global_options(script: Vec<u8>) -> Vec<u8> {
    let text = String::from_utf8_lossy(&script);
    let retry = "    or begin\n        set -e cmd[-1]\n        argparse -s (__fish_fray_global_optspecs) -- $cmd 2>/dev/null\n        or return\n    end\n";
    text.replacen("    or return\n", retry, 1).into_bytes()
}

const ENVIRONMENT: [(&str, &str); 7] = [
    ("FRAY_RULES", "The ruleset used when --rules is not given."),
    ("FRAY_FORMAT", "The output format used when --format is not given."),
    ("NO_COLOR", "When set and not empty, --color auto does not colour."),
    ("CLICOLOR_FORCE", "When set and not 0, --color auto colours even when standard output is not a terminal."),
    ("COLUMNS", "The width text output wraps to when --width is not given (else the terminal's, else 80)."),
    ("FRAY_FIGHT", "The fight fray track works on when --fight is not given (else default)."),
    ("XDG_STATE_HOME", "Where fray track keeps its fights: XDG_STATE_HOME/fray, else ~/.local/state/fray."),
];

const EXIT_STATUS: [(&str, &str); 3] = [
    ("0", "Success."),
    ("1", "Unreadable or malformed data, such as a roster or config file that cannot be read or parsed."),
    ("2", "Usage error: an unknown flag, a bad value, or a procedure the ruleset does not have."),
];

/// What the README says of a ruleset, sliced from its sections: under "Rulesets", the
/// paragraphs before its table, the table's rows (a command and its rule) and the paragraphs
/// after; under "Output for scripts", each command's fields and its encounter's `-q` line.
struct Manual {
    intro: Vec<String>,
    rules: Vec<(String, String)>,
    notes: Vec<String>,
    output: Vec<(String, String)>,
    quiet_encounter: String,
}

impl Manual {
    fn of(rules: &Ruleset) -> Manual {
        let heading = format!("`{}`", rules.id);
        let mut manual =
            Manual { intro: vec![], rules: vec![], notes: vec![], output: vec![], quiet_encounter: String::new() };
        for block in readme::blocks(readme::section("Rulesets", &heading)) {
            match block {
                Block::Row(command, rule) => manual.rules.push((command, rule)),
                Block::Paragraph(p) if manual.rules.is_empty() => manual.intro.push(p),
                Block::Paragraph(p) | Block::Item(p) => manual.notes.push(p),
            }
        }
        for (command, fields) in items(readme::section("Output for scripts", &heading)) {
            if command == "`encounter -q`" {
                manual.quiet_encounter = fields;
            } else {
                manual.output.push((command, fields));
            }
        }
        manual
    }
}

/// The list items `- COMMAND: TEXT` of a README section, and its paragraphs as items with no
/// command.
fn items(section: &str) -> Vec<(String, String)> {
    readme::blocks(section)
        .into_iter()
        .map(|block| match block {
            Block::Item(item) => match item.split_once(": ") {
                Some((command, text)) => (command.to_string(), text.to_string()),
                None => (String::new(), item),
            },
            Block::Paragraph(p) | Block::Row(_, p) => (String::new(), p),
        })
        .collect()
}

/// `fray.1`, one page per visible command (`fray-surprise.1`…) and one per ruleset
/// (`fray-ose.7`…), as (file, bytes).
pub fn man_pages() -> io::Result<Vec<(String, Vec<u8>)>> {
    let mut cmd = crate::rulesets::command::command();
    cmd.build();
    let see_also = see_also(&cmd);
    let tour: Vec<(&str, &str)> =
        RULESETS.iter().flat_map(|r| r.examples).filter(|e| e.tour).map(|e| (e.line, e.what)).collect();
    let mut pages = vec![("fray.1".to_string(), page(&cmd, &tour, &see_also)?)];
    for sub in commands(&cmd) {
        let name = format!("fray-{}", sub.get_name());
        let (sub, owned) = match Procedure::ALL.into_iter().find(|p| p.name() == sub.get_name()) {
            Some(procedure) => (with_owners(sub.clone(), procedure), examples_of(procedure)),
            None => (sub.clone(), help_examples(sub)),
        };
        let examples: Vec<(&str, &str)> = owned.iter().map(|(line, what)| (line.as_str(), what.as_str())).collect();
        pages.push((format!("{name}.1"), page(&sub.name(name), &examples, &see_also)?));
    }
    for rules in RULESETS {
        pages.push((format!("fray-{}.7", rules.id), ruleset_page(rules)?));
    }
    Ok(pages)
}

/// Every ruleset's examples of `procedure`.
fn examples_of(procedure: Procedure) -> Vec<(String, String)> {
    let examples = RULESETS.iter().flat_map(|r| r.examples).filter(|e| e.procedure == Some(procedure));
    examples.map(|e| (e.line.to_string(), e.what.to_string())).collect()
}

/// The examples of a packaging command's help, `  fray …   what it does`.
fn help_examples(sub: &clap::Command) -> Vec<(String, String)> {
    let help = sub.get_after_help().map(|h| h.to_string()).unwrap_or_default();
    help.lines()
        .filter(|l| l.starts_with("  "))
        .map(|line| {
            let line = line.trim();
            let (command, what) = match line.find("   ") {
                Some(i) => (line[..i].trim_end(), line[i..].trim()),
                None => (line, ""),
            };
            (command.to_string(), what.to_string())
        })
        .collect()
}

/// A game command's flags each name the rulesets that take it, where not all do.
fn with_owners(sub: clap::Command, procedure: Procedure) -> clap::Command {
    let having = Ruleset::having(procedure);
    sub.mut_args(|arg| {
        let flag = match arg.get_long() {
            Some(long) => format!("--{long}"),
            None => "COMBATANT".to_string(),
        };
        let owners: Vec<&str> = RULESETS.iter().filter(|r| r.takes_flag(procedure, &flag)).map(|r| r.id).collect();
        if arg.get_help_heading() == Some(cli::GLOBAL) || owners.is_empty() || owners.len() == having.len() {
            return arg;
        }
        let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
        arg.help(format!("{help}. Rulesets: {}.", owners.join(", ")))
    })
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
fn page(cmd: &clap::Command, examples: &[(&str, &str)], see_also: &str) -> io::Result<Vec<u8>> {
    // A page is the long help: the global options that `-h` leaves out are written in full.
    let whole = cmd.clone().mut_args(|arg| arg.hide_short_help(false));
    let man = clap_mangen::Man::new(whole).manual("fray manual").source(format!("fray {}", env!("CARGO_PKG_VERSION")));
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    let mut page = Roff::new();
    if cmd.get_name() != "fray" && commands(cmd).next().is_some() {
        actions_section(&mut page, cmd);
    } else if commands(cmd).next().is_some() {
        // clap's own list names a page for `help`, which has none.
        page.control("SH", ["COMMANDS"]);
        for sub in commands(cmd) {
            let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
            page.control("TP", []).text([bold(format!("fray-{}", sub.get_name())), roman("(1)")]).text([roman(about)]);
        }
        quiet_section(&mut page);
    }
    examples_section(&mut page, examples);
    page.control("SH", ["ENVIRONMENT"]);
    for (name, meaning) in ENVIRONMENT {
        page.control("TP", []).text([bold(name)]).text([roman(meaning)]);
    }
    page.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in EXIT_STATUS {
        page.control("TP", []).text([bold(code)]).text([roman(meaning)]);
    }
    page.control("SH", ["SEE ALSO"]);
    page_list(&mut page, see_also);
    page.control("SH", ["VERSION"]).text([roman(format!("v{}", env!("CARGO_PKG_VERSION")))]);
    page.to_writer(&mut out)?;
    Ok(out)
}

/// A command with commands of its own (`fray track start`…): each one's synopsis, what it
/// does, and its own options.
fn actions_section(page: &mut Roff, cmd: &clap::Command) {
    let parent = cmd.get_name().replace('-', " ");
    page.control("SH", ["ACTIONS"]);
    for sub in commands(cmd) {
        let mut usage = sub.clone().bin_name(format!("{parent} {}", sub.get_name()));
        let usage = usage.render_usage().to_string();
        let usage = usage.trim_start_matches("Usage:").trim();
        let about = sub.get_long_about().or(sub.get_about()).map(|a| a.to_string()).unwrap_or_default();
        page.control("TP", []).text([bold(usage)]).text([roman(about)]);
        for arg in sub.get_arguments().filter(|a| !a.is_hide_set() && a.get_help_heading() != Some(cli::GLOBAL)) {
            let Some(long) = arg.get_long() else { continue };
            if long == "fight" {
                continue;
            }
            let value = arg
                .get_value_names()
                .filter(|_| arg.get_action().takes_values())
                .and_then(|v| v.first())
                .map(|v| format!(" {v}"))
                .unwrap_or_default();
            let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
            page.control("RS", []).control("TP", []).text([bold(format!("--{long}")), roman(value)]);
            page.text([roman(help)]).control("RE", []);
        }
    }
}

/// `fray(1)`'s section on `-q`: each command's line, and each ruleset's encounter fields.
fn quiet_section(page: &mut Roff) {
    page.control("SH", ["OUTPUT FOR SCRIPTS"]);
    for (command, line) in items(readme::section("Output for scripts", "`-q`")) {
        match command.as_str() {
            "" => page.control("PP", []).text(readme_text(&line)),
            _ => page.control("TP", []).text(readme_text(&command)).text(readme_text(&line)),
        };
    }
    page.control("PP", []).text([roman("The fields of an encounter, by ruleset:")]);
    for rules in RULESETS {
        page.control("TP", []).text([bold(rules.id)]).text(readme_text(&Manual::of(rules).quiet_encounter));
    }
    page.control("PP", []).text([
        roman("With "),
        bold("--format yaml"),
        roman(" or "),
        bold("json"),
        roman(", each ruleset's page gives the fields of each command."),
    ]);
}

/// An EXAMPLES section: each command line in a block that is never filled or hyphenated, what
/// it shows under it; nothing when there are none.
fn examples_section(page: &mut Roff, examples: &[(&str, &str)]) {
    for (i, (command, what)) in examples.iter().enumerate() {
        if i == 0 {
            page.control("SH", ["EXAMPLES"]);
        }
        page.control("PP", []).control("nf", []).text([bold(*command)]).control("fi", []);
        if !what.is_empty() {
            page.control("RS", ["4"]).text([roman(*what)]).control("RE", []);
        }
    }
}

/// The keys of a ruleset's sides and of its combatants: the one place that knows where the
/// registry keeps them.
fn keys_of(rules: &Ruleset) -> [&'static [KeyDef]; 2] {
    [rules.keys.side.keys, rules.keys.combatant.keys]
}

/// How a key is written: `cr`, `iq=N`, `speed=N.NN`, `size=WORD`, `action=TEXT`.
fn key_tag(key: &KeyDef) -> Vec<Inline> {
    let value = match key.kind {
        KeyKind::Flag => return vec![bold(key.name)],
        KeyKind::Int { .. } => "N",
        KeyKind::Hundredths { .. } => "N.NN",
        KeyKind::Word(_) => "WORD",
        KeyKind::Text(_) => "TEXT",
    };
    vec![bold(key.name), roman("="), italic(value)]
}

/// What a key means and takes, as the roster template says it (a flag takes no value).
fn key_meaning(key: &KeyDef) -> String {
    match key.kind {
        KeyKind::Flag | KeyKind::Text(_) => key.help.to_string(),
        _ => format!("{} ({})", key.help, key.allowed()),
    }
}

/// `fray-<id>(7)`: the ruleset's part of the README (rules, notes, output fields), its keys
/// from their descriptions, its roster example and the examples of its commands' help.
fn ruleset_page(rules: &Ruleset) -> io::Result<Vec<u8>> {
    let manual = Manual::of(rules);
    let name = format!("fray-{}", rules.id);
    let procedures: Vec<Procedure> = Procedure::ALL.into_iter().filter(|p| rules.has(*p)).collect();
    let names: Vec<&str> = procedures.iter().map(|p| p.name()).collect();
    let mut out = Vec::new();
    // The title as clap_mangen writes the commands' pages.
    let title = clap::Command::new(name.clone());
    let source = format!("fray {}", env!("CARGO_PKG_VERSION"));
    clap_mangen::Man::new(title).section("7").manual("fray manual").source(source).render_title(&mut out)?;
    let mut page = Roff::new();
    // Field lists and flags read better unhyphenated and ragged-right.
    page.control("nh", []).control("ad", ["l"]);
    page.control("SH", ["NAME"]).text([roman(format!("{name} - {}", rules.title))]);
    page.control("SH", ["SYNOPSIS"]).text([
        bold(format!("fray -r {}", rules.id)),
        roman(" "),
        italic("COMMAND"),
        roman(" ["),
        italic("OPTIONS"),
        roman("] ["),
        italic("COMBATANT"),
        roman("...]"),
        line_break(),
        roman(format!("COMMAND: {}", names.join(" | "))),
    ]);
    description_section(&mut page, rules, &manual);
    keys_sections(&mut page, rules);
    if !manual.notes.is_empty() {
        page.control("SH", ["NOTES"]);
        for (i, paragraph) in manual.notes.iter().enumerate() {
            if i > 0 {
                page.control("PP", []);
            }
            page.text(readme_text(paragraph));
        }
    }
    roster_section(&mut page, rules, &names);
    output_section(&mut page, &manual);
    let examples: Vec<(&str, &str)> = rules.examples.iter().map(|e| (e.line, e.what)).collect();
    examples_section(&mut page, &examples);
    let mut see_also = vec!["fray(1)".to_string()];
    see_also.extend(names.iter().map(|n| format!("fray-{n}(1)")));
    see_also.extend(RULESETS.iter().filter(|r| r.id != rules.id).map(|r| format!("fray-{}(7)", r.id)));
    page.control("SH", ["SEE ALSO"]);
    page_list(&mut page, &see_also.join(", "));
    page.control("SH", ["VERSION"]).text([roman(format!("v{}", env!("CARGO_PKG_VERSION")))]);
    page.to_writer(&mut out)?;
    Ok(out)
}

/// A ruleset page's DESCRIPTION (the README's intro, and how the ruleset is chosen) and COMMANDS.
fn description_section(page: &mut Roff, rules: &Ruleset, manual: &Manual) {
    page.control("SH", ["DESCRIPTION"]);
    for paragraph in &manual.intro {
        page.text(readme_text(paragraph)).control("PP", []);
    }
    let aliases = rules.aliases;
    let also = if aliases.is_empty() { String::new() } else { format!(" (or {})", aliases.join(", ")) };
    page.text(readme_text(&format!(
        "The ruleset is chosen with `--rules {}`{also}, or with `FRAY_RULES={}` in the environment.",
        rules.id, rules.id
    )));
    page.control("SH", ["COMMANDS"]);
    for (command, rule) in &manual.rules {
        page.control("TP", []).text(readme_text(command)).text(readme_text(rule));
    }
}

/// A ruleset page's SIDE KEYS and COMBATANT KEYS, from the keys' own descriptions.
fn keys_sections(page: &mut Roff, rules: &Ruleset) {
    let [side_keys, combatant_keys] = keys_of(rules);
    page.control("SH", ["SIDE KEYS"]).text(readme_text(
        "Given as `--side NAME:KEY[=VALUE],...`, or as fields of a side in a `--roster` file. A key \
         that takes no value is a flag: given alone, or as `KEY=true` or `KEY=false`.",
    ));
    if side_keys.is_empty() {
        page.control("PP", []).text([roman("Sides of this ruleset take no keys.")]);
    }
    for key in side_keys {
        page.control("TP", []).text(key_tag(key)).text([roman(key_meaning(key))]);
    }
    page.control("SH", ["COMBATANT KEYS"]).text(readme_text(
        "Given as `NAME:KEY[=VALUE],...`, or as fields of a combatant in a `--roster` file; keys in any case.",
    ));
    page.control("TP", []).text([
        bold("count"),
        roman("="),
        italic("N"),
        roman(" (or "),
        italic("NAME"),
        bold("*"),
        italic("N"),
        roman(", quoted in zsh and fish)"),
    ]);
    page.text([roman(format!("a group of N identical combatants (1 to {MAX_GROUP}), named NAME 1, NAME 2..."))]);
    page.control("TP", []).text([bold("side"), roman("="), italic("NAME")]);
    page.text([roman("the side it fights on (default: the first side)")]);
    for key in combatant_keys {
        page.control("TP", []).text(key_tag(key)).text([roman(key_meaning(key))]);
    }
}

/// A ruleset page's ROSTER: its roster example, and the command that explains every key.
fn roster_section(page: &mut Roff, rules: &Ruleset, names: &[&str]) {
    page.control("SH", ["ROSTER"]).text(readme_text(&format!(
        "A roster for `--roster FILE`; `fray -r {} {} --roster-example` prints it with every key explained.",
        rules.id,
        names.iter().find(|n| **n == "encounter").unwrap_or(&names[0])
    )));
    page.control("PP", []).control("RS", ["4"]).control("nf", []);
    for line in rules.roster.lines() {
        page.text([roman(line)]);
    }
    page.control("fi", []).control("RE", []);
}

/// A ruleset page's OUTPUT: the fields of each command's documents, and an encounter's `-q` line.
fn output_section(page: &mut Roff, manual: &Manual) {
    page.control("SH", ["OUTPUT"]).text(readme_text(
        "With `--format yaml` or `json`, every document has `command`, `rules`, `seed`, `version` \
          (and `n` with `--repeat`), then the result's fields:",
    ));
    for (command, fields) in &manual.output {
        page.control("TP", []).text(readme_text(command)).text(readme_text(fields));
    }
    page.control("PP", []).text(readme_text("With `-q`, one line per run (see fray(1)); an encounter's fields:"));
    page.control("TP", []).text(readme_text("`encounter -q`")).text(readme_text(&manual.quiet_encounter));
}

/// A list of pages, `fray(1), fray-surprise(1)`, with no page's name hyphenated at a line's end.
fn page_list(page: &mut Roff, pages: &str) {
    page.control("nh", []).text([roman(pages)]).control("hy", []);
}

/// README text as roff: `code` in bold, the rest as it is.
fn readme_text(text: &str) -> Vec<Inline> {
    let parts = text.split('`').enumerate().filter(|(_, part)| !part.is_empty());
    parts.map(|(i, part)| if i % 2 == 1 { bold(part) } else { roman(part) }).collect()
}

pub use crate::complete::complete;
