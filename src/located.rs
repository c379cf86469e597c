//! YAML read into a small tree whose every node carries its line and column, in one pass over
//! the events of granit-parser, for files whose errors must point at a key or a value: the
//! rosters and the encounter tables of `fray table`. Keys given twice, nesting past
//! [`MAX_NESTING`], aliases past [`MAX_ALIASED`] nodes or [`MAX_ALIASED_BYTES`] bytes (or at all, where a file refuses them)
//! and a second document are refused while the events are read, at the event that breaks the
//! limit, so a deeply nested megabyte or an alias bomb costs no more than the events before it.

use crate::error::echo;
use granit_parser::{ErrorKind, Event, Options, Parser, ScalarStyle, ScanError, Span};
use std::collections::HashMap;

/// The deepest nesting of lists and mappings read.
pub const MAX_NESTING: usize = 32;
/// The most nodes aliases (`*name`) may add to a file, all of them together: a file of nine
/// nested aliases of nine would otherwise be 9^9 nodes (the billion laughs).
pub const MAX_ALIASED: usize = 10_000;
/// The most bytes of text aliases may add to a file, all of them together: a megabyte anchor
/// aliased a few thousand times would otherwise be gigabytes, though few nodes.
pub const MAX_ALIASED_BYTES: usize = 1 << 20;

/// What a kind of file allows, and how its refusals are worded.
pub struct Rules {
    /// The hint when lists and mappings nest deeper than [`MAX_NESTING`].
    pub nesting_hint: &'static str,
    /// Whether aliases are read (as a copy of their anchor's node) rather than refused.
    pub aliases: bool,
    /// What counts as nothing at the root (a plain null, for a table).
    pub empty: fn(&Node) -> bool,
    /// Whether the whole stream is read before a second document is refused, so that a file
    /// of empty documents is refused as empty instead.
    pub read_every_document: bool,
    /// The hint for text that is not YAML.
    pub syntax_hint: &'static str,
}

/// An encounter table file: one document, no anchors.
pub const TABLE: Rules = Rules {
    nesting_hint: "a table file is a mapping of tables, each a die and its rows",
    aliases: false,
    empty: Node::is_null,
    read_every_document: false,
    syntax_hint: "check the indentation and quotes",
};

/// Where a node starts, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Mark {
    pub line: usize,
    pub column: usize,
}

impl From<Span> for Mark {
    /// Where a node starts: at its tag (`!!str 5`), if it has one before it.
    fn from(span: Span) -> Mark {
        let start = span.tag_start.filter(|tag| tag.index() < span.start.index()).unwrap_or(span.start);
        Mark { line: start.line(), column: start.col() + 1 }
    }
}

/// One node and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    pub at: Mark,
    pub kind: Kind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A scalar's text; `quoted` unless written plain (so `~` and `null` are nulls only plain).
    Scalar {
        text: String,
        quoted: bool,
        /// Its tag, if it has one: a core tag's name (`str` for `!!str`), or a local one's
        /// with its `!`.
        tag: Option<Box<str>>,
    },
    List(Vec<Node>),
    /// Key and value pairs, in order.
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// The text of a scalar.
    pub fn text(&self) -> Option<&str> {
        match &self.kind {
            Kind::Scalar { text, .. } => Some(text),
            _ => None,
        }
    }

    /// A plain null (`~`, `null`, nothing) — the value of a key written alone.
    pub fn is_null(&self) -> bool {
        matches!(&self.kind, Kind::Scalar { text, quoted: false, .. } if matches!(text.as_str(), "" | "~" | "null" | "Null" | "NULL"))
    }

    /// What the node is, for "expected a mapping, found a list".
    pub fn what(&self) -> &'static str {
        match &self.kind {
            Kind::Scalar { .. } if self.is_null() => "nothing",
            Kind::Scalar { .. } => "a single value",
            Kind::List(_) => "a list",
            Kind::Map(_) => "a mapping",
        }
    }

    /// The column of character `offset` (1-based) of a scalar's text, on its line: past the
    /// opening quote of a quoted one.
    pub fn column_of(&self, offset: usize) -> usize {
        let quoted = matches!(self.kind, Kind::Scalar { quoted: true, .. });
        self.at.column + usize::from(quoted) + offset.saturating_sub(1)
    }
}

/// Why a text is refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Nothing in it but comments, `---`, `~`.
    Empty,
    /// What is wrong where, and a hint.
    At(Mark, String, &'static str),
}

/// A collection being read: its start, its anchor (0 for none), and its children so far; a
/// mapping also its key waiting for a value and, once it has many, the line of each key.
enum Open {
    List(Mark, usize, Vec<Node>),
    Map(Mark, usize, Vec<(Node, Node)>, Option<Node>, HashMap<String, usize>),
}

/// The keys a mapping may have before a key given twice is looked up instead of searched for.
const SEARCHED_KEYS: usize = 16;

/// The reading so far: the open collections, the anchored nodes, and what was found.
struct Reader<'r> {
    rules: &'r Rules,
    open: Vec<Open>,
    /// Anchored nodes by the parser's anchor id, once they are finished.
    anchors: Vec<Option<Node>>,
    /// Nodes aliases have added so far.
    aliased: usize,
    /// Bytes of text aliases have added so far.
    aliased_bytes: usize,
    /// The first document's root, and where a second one starts.
    root: Option<Node>,
    second: Option<Mark>,
}

/// Reads `text` (one YAML document) into a located tree, as a table file.
pub fn read(text: &str) -> Result<Node, Refusal> {
    read_as(text, &TABLE)
}

/// Reads `text` (one YAML document) into a located tree, under `rules`.
pub fn read_as(text: &str, rules: &Rules) -> Result<Node, Refusal> {
    let mut options = Options::default();
    // Nesting is counted here, event by event (the text is bounded by its reader).
    options.flow_nesting_limit = usize::MAX;
    options.block_nesting_limit = usize::MAX;
    let mut reader =
        Reader { rules, open: Vec::new(), anchors: Vec::new(), aliased: 0, aliased_bytes: 0, root: None, second: None };
    let mut documents = 0;
    // An anchor's event follows its node's: a node starts at its anchor (`&a 5`), as at its tag.
    options.emit_anchor_events = rules.aliases;
    let mut events = Parser::new_from_str_with_options(text, options).peekable();
    while let Some(next) = events.next() {
        let (mut event, span) = next.map_err(|err| syntax(text, &err, rules))?;
        let mut at = Mark::from(span);
        if let Some(Ok((Event::Anchor(..), anchor))) = events.peek() {
            at = at.min(Mark::from(*anchor));
        }
        // The parser writes a node left empty (`sides:`) as `~`; it is empty text, as written.
        if let Event::Scalar(value, ScalarStyle::Plain, _, None) = &mut event
            && span.is_empty()
        {
            *value = Default::default();
        }
        if let Event::DocumentStart(..) = event {
            documents += 1;
            if documents > 1 && reader.second.is_none() {
                reader.second = Some(at);
                if !rules.read_every_document {
                    return Err(Refusal::At(at, "a second YAML document".into(), "keep one document in the file"));
                }
            }
            continue;
        }
        if let Some((node, anchor)) = reader.finished_node(event, at)? {
            reader.place(node, anchor)?;
        }
    }
    match (reader.root, reader.second) {
        (Some(node), _) if (rules.empty)(&node) => Err(Refusal::Empty),
        (None, _) => Err(Refusal::Empty),
        (Some(node), None) => Ok(node),
        (Some(_), Some(at)) => Err(Refusal::At(at, "a second YAML document".into(), "keep one document in the file")),
    }
}

impl Reader<'_> {
    /// The node an event finishes (a scalar, an alias, or the end of a list or mapping) and
    /// its anchor, if it finishes one; a list or mapping it starts is opened.
    fn finished_node(&mut self, event: Event<'_>, at: Mark) -> Result<Option<(Node, usize)>, Refusal> {
        let anchor_hint = "write the value out; anchors are not read";
        let node = match event {
            Event::Alias(id) if self.rules.aliases => {
                let Some(Some(node)) = self.anchors.get(id) else {
                    return Err(Refusal::At(
                        at,
                        "an alias (*name) inside its own anchor".into(),
                        "write the value out",
                    ));
                };
                let (nodes, bytes) = size(node);
                self.aliased += nodes;
                self.aliased_bytes += bytes;
                if self.aliased > MAX_ALIASED {
                    return Err(Refusal::At(
                        at,
                        format!("aliases (*name) add more than {MAX_ALIASED} values to the file"),
                        "write the values out",
                    ));
                }
                if self.aliased_bytes > MAX_ALIASED_BYTES {
                    return Err(Refusal::At(
                        at,
                        format!("aliases (*name) add more than {} KiB of text to the file", MAX_ALIASED_BYTES / 1024),
                        "write the values out",
                    ));
                }
                // The copy starts where the alias is written; what is inside it, at the anchor.
                return Ok(Some((Node { at, kind: node.kind.clone() }, 0)));
            }
            Event::Alias(_) | Event::UnresolvedAlias(_) => {
                return Err(Refusal::At(at, "an alias (*name)".into(), anchor_hint));
            }
            Event::Scalar(_, _, anchor, _) | Event::SequenceStart(_, anchor, _) | Event::MappingStart(_, anchor, _)
                if anchor != 0 && !self.rules.aliases =>
            {
                return Err(Refusal::At(at, "an anchor (&name)".into(), anchor_hint));
            }
            Event::Scalar(value, style, anchor, tag) => {
                let tag = tag.map(|tag| match tag.core_suffix() {
                    Some(core) => core.into(),
                    None => format!("{}{}", tag.handle(), tag.suffix()).into(),
                });
                let kind = Kind::Scalar { text: value.into_owned(), quoted: style != ScalarStyle::Plain, tag };
                return Ok(Some((Node { at, kind }, anchor)));
            }
            Event::SequenceStart(_, anchor, _) | Event::MappingStart(_, anchor, _) => {
                if self.open.len() >= MAX_NESTING {
                    return Err(Refusal::At(
                        at,
                        format!("lists and mappings nest deeper than {MAX_NESTING} levels"),
                        self.rules.nesting_hint,
                    ));
                }
                self.open.push(match event {
                    Event::SequenceStart(..) => Open::List(at, anchor, Vec::new()),
                    _ => Open::Map(at, anchor, Vec::new(), None, HashMap::new()),
                });
                return Ok(None);
            }
            Event::SequenceEnd | Event::MappingEnd => match self.open.pop() {
                Some(Open::List(at, anchor, items)) => (Node { at, kind: Kind::List(items) }, anchor),
                Some(Open::Map(at, anchor, pairs, ..)) => (Node { at, kind: Kind::Map(pairs) }, anchor),
                None => return Ok(None),
            },
            _ => return Ok(None),
        };
        Ok(Some(node))
    }

    /// Puts a finished node in the list or mapping open around it (as a key, then its value),
    /// or at the root, and keeps it under its anchor; a key given twice in one mapping is refused.
    fn place(&mut self, node: Node, anchor: usize) -> Result<(), Refusal> {
        if anchor != 0 {
            if self.anchors.len() <= anchor {
                self.anchors.resize(anchor + 1, None);
            }
            self.anchors[anchor] = Some(node.clone());
        }
        match self.open.last_mut() {
            None if self.second.is_none() => self.root = Some(node),
            // A later document's root counts only for whether the file holds something.
            None => {
                if !(self.rules.empty)(&node) && self.root.as_ref().is_none_or(self.rules.empty) {
                    self.root = Some(node);
                }
            }
            Some(Open::List(_, _, items)) => items.push(node),
            Some(Open::Map(_, _, pairs, key, lines)) => match key.take() {
                None => {
                    if let Some(text) = node.text() {
                        if lines.is_empty() && pairs.len() >= SEARCHED_KEYS {
                            lines.extend(pairs.iter().filter_map(|(k, _)| Some((k.text()?.to_string(), k.at.line))));
                        }
                        let first = match lines.is_empty() {
                            true => pairs.iter().find(|(k, _)| k.text() == Some(text)).map(|(k, _)| k.at.line),
                            false => lines.insert(text.to_string(), node.at.line),
                        };
                        if let Some(first) = first {
                            return Err(Refusal::At(
                                node.at,
                                format!("key '{}' is given twice, on lines {first} and {}", echo(text), node.at.line),
                                "give each key once",
                            ));
                        }
                    }
                    *key = Some(node);
                }
                Some(k) => pairs.push((k, node)),
            },
        }
        Ok(())
    }
}

/// Text that is not YAML, in the parser's words, at the place it says; a bracket or quote
/// left open is reported where the text ends, where it is found open, and says where it opened.
fn syntax(text: &str, err: &ScanError, rules: &Rules) -> Refusal {
    let at = Mark { line: err.marker().line(), column: err.marker().col() + 1 };
    let what = echo(&err.kind().to_string());
    match err.kind() {
        ErrorKind::UnclosedFlowCollection { .. } | ErrorKind::UnclosedQuotedScalar => {
            let last = text.rsplit(['\n', '\r']).next().unwrap_or_default();
            let end = Mark {
                line: 1 + text.matches(['\n', '\r']).count() - text.matches("\r\n").count(),
                column: 1 + last.chars().count(),
            };
            let what = format!("not valid YAML: {what}, opened on line {} column {}", at.line, at.column);
            Refusal::At(end, what, rules.syntax_hint)
        }
        _ => Refusal::At(at, format!("not valid YAML: {what}"), rules.syntax_hint),
    }
}

/// How many nodes `node` holds, itself included, and the bytes of their text.
fn size(node: &Node) -> (usize, usize) {
    let add = |(n, b): (usize, usize), (m, c): (usize, usize)| (n + m, b + c);
    match &node.kind {
        Kind::Scalar { text, .. } => (1, text.len()),
        Kind::List(items) => items.iter().map(size).fold((1, 0), add),
        Kind::Map(pairs) => pairs.iter().map(|(k, v)| add(size(k), size(v))).fold((1, 0), add),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(node: &Node) -> (usize, usize) {
        (node.at.line, node.at.column)
    }

    #[test]
    fn every_node_knows_where_it_starts() {
        let tree = read("a:\n  b: [1, 'x y']\n  c: ~\n").unwrap();
        let Kind::Map(pairs) = &tree.kind else { panic!("{tree:?}") };
        let Kind::Map(inner) = &pairs[0].1.kind else { panic!() };
        assert_eq!((inner[0].0.text(), at(&inner[0].0)), (Some("b"), (2, 3)));
        let Kind::List(items) = &inner[0].1.kind else { panic!() };
        assert_eq!(at(&items[1]), (2, 10));
        assert_eq!(items[1].column_of(3), 13);
        assert!(inner[1].1.is_null());
    }

    #[test]
    fn refusals_say_where() {
        let refused = |text: &str| match read(text) {
            Err(Refusal::At(at, what, _)) => format!("{}:{}: {what}", at.line, at.column),
            other => format!("{other:?}"),
        };
        assert_eq!(refused("a: 1\na: 2\n"), "2:1: key 'a' is given twice, on lines 1 and 2");
        assert_eq!(refused("a: &x 1\nb: *x\n"), "1:7: an anchor (&name)");
        assert_eq!(refused("a: [\n"), "2:1: not valid YAML: unclosed bracket '[', opened on line 1 column 4");
        assert_eq!(refused("a: ]\n"), "1:4: not valid YAML: misplaced bracket");
        assert_eq!(read("# nothing\n"), Err(Refusal::Empty));
        assert_eq!(read("~\n"), Err(Refusal::Empty));
        let deep = format!("a: {}{}\n", "[".repeat(40), "]".repeat(40));
        assert_eq!(refused(&deep), "1:35: lists and mappings nest deeper than 32 levels");
        assert_eq!(refused("a: 1\n---\nb: 2\n"), "2:1: a second YAML document");
    }

    const ALIASES: Rules = Rules { aliases: true, read_every_document: true, ..TABLE };

    #[test]
    fn aliases_are_copies_of_their_anchor_within_a_budget() {
        let tree = read_as("a: &x [1, !!str 2]\nb: *x\nc: &y 3\n", &ALIASES).unwrap();
        let Kind::Map(pairs) = &tree.kind else { panic!("{tree:?}") };
        // The copy starts at the alias; the anchored node, at its anchor.
        assert_eq!((at(&pairs[1].1), &pairs[1].1.kind), ((2, 4), &pairs[0].1.kind));
        assert_eq!(at(&pairs[0].1), (1, 4));
        assert_eq!(at(&pairs[2].1), (3, 4));
        let Kind::List(items) = &pairs[0].1.kind else { panic!() };
        assert_eq!((at(&items[1]), items[1].text()), ((1, 11), Some("2")));
        let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x]\n");
        for i in 0..9 {
            let prev = if i == 0 { "a".to_string() } else { format!("b{}", i - 1) };
            bomb.push_str(&format!("b{i}: &b{i} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
        }
        match read_as(&bomb, &ALIASES) {
            Err(Refusal::At(at, what, _)) => {
                assert_eq!(what, "aliases (*name) add more than 10000 values to the file");
                assert!(at.line < 9, "{at:?}");
            }
            other => panic!("{other:?}"),
        }
        // A later document that is empty too leaves the file empty; one with something is refused.
        assert_eq!(read_as("---\n---\n", &ALIASES), Err(Refusal::Empty));
        assert!(matches!(read_as("~\n---\na: 1\n", &ALIASES), Err(Refusal::At(Mark { line: 2, column: 1 }, ..))));
    }
}
