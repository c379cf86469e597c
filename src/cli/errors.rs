//! clap's errors in fray's words.

/// A clap error as one line, from its kind and context: the message, the similar name or the
/// possible values clap knows, and where to look. `help` is the command whose help to name
/// (`fray surprise --help`).
pub fn describe_error(err: &clap::Error, help: &str) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let text = |kind| match err.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(v)) => v.join(", "),
        Some(ContextValue::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    let (arg, value) = (text(ContextKind::InvalidArg), text(ContextKind::InvalidValue));
    let message = match err.kind() {
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand if help == "fray track" => {
            let track = super::command_of("track").find_subcommand("track").cloned().unwrap_or_default();
            return format!("no track action given; actions: {}; see 'fray track --help'", listed(&track));
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand | ErrorKind::MissingSubcommand => {
            return format!("no command given; commands: {}; see 'fray --help'", listed(&super::command()));
        }
        ErrorKind::InvalidValue if value.is_empty() => format!("a value is required for '{arg}' but none was supplied"),
        ErrorKind::InvalidValue => format!("invalid value '{value}' for '{arg}'"),
        // A parser of fray's own ([`whole`]) words the whole message itself.
        ErrorKind::ValueValidation if arg.is_empty() => {
            let rendered = err.to_string();
            let first = rendered.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).trim_end().to_string()
        }
        ErrorKind::ValueValidation => match std::error::Error::source(err) {
            Some(why) => format!("invalid value '{value}' for '{arg}': {why}"),
            None => format!("invalid value '{value}' for '{arg}'"),
        },
        ErrorKind::UnknownArgument => format!("unexpected argument '{arg}' found"),
        ErrorKind::InvalidSubcommand => format!("unrecognized subcommand '{}'", text(ContextKind::InvalidSubcommand)),
        ErrorKind::MissingRequiredArgument => format!("the following required arguments were not provided: {arg}"),
        ErrorKind::ArgumentConflict => match text(ContextKind::PriorArg) {
            prior if prior.is_empty() => format!("the argument '{arg}' cannot be used with another argument given"),
            prior => format!("the argument '{arg}' cannot be used with '{prior}'"),
        },
        ErrorKind::NoEquals => format!("an equals sign is needed for the value of '{arg}'"),
        ErrorKind::TooManyValues => format!("unexpected value '{value}' for '{arg}'; no more were expected"),
        ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues => {
            format!("'{arg}' needs more values than {} given", text(ContextKind::ActualNumValues))
        }
        ErrorKind::InvalidUtf8 => "an argument holds invalid UTF-8 (fray reads UTF-8 text only)".to_string(),
        kind => kind.as_str().unwrap_or("the command line cannot be read").to_string(),
    };
    let mut extras: Vec<String> = Vec::new();
    if matches!(err.kind(), ErrorKind::InvalidValue) {
        let valid = text(ContextKind::ValidValue);
        if !valid.is_empty() {
            extras.push(format!("possible values: {valid}"));
        }
    }
    for (kind, what) in [
        (ContextKind::SuggestedArg, "a similar argument exists"),
        (ContextKind::SuggestedSubcommand, "a similar subcommand exists"),
        (ContextKind::SuggestedValue, "a similar value exists"),
    ] {
        // A one-letter alias (`r` for roll) is like any word holding its letter: no advice.
        let similar = match err.get(kind) {
            Some(ContextValue::Strings(names)) => {
                names.iter().filter(|n| n.chars().count() > 1).cloned().collect::<Vec<_>>().join(", ")
            }
            _ => text(kind),
        };
        if !similar.is_empty() {
            extras.push(format!("{what}: '{similar}'"));
        }
    }
    extras.push(format!("see '{help} --help'"));
    format!("{message}; {}", extras.join("; "))
}

/// The commands of `command` a user is shown, in the order its help lists them.
fn listed(command: &clap::Command) -> String {
    let shown = command.get_subcommands().filter(|sub| !sub.is_hide_set() && sub.get_name() != "help");
    shown.map(|sub| sub.get_name()).collect::<Vec<_>>().join(", ")
}
