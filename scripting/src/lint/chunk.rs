//! Linting one piece of Lua (a hook body or a file) with full_moon.
use super::api::{arity, id_arg, IdKind};
use super::RuleFn;
use fuda_engine::def::card::did_you_mean;
use fuda_engine::def::game::GameDef;
use full_moon::ast::{
    self, Block, Call, Expression, FunctionArgs, FunctionCall, LastStmt, Parameter, Prefix, Stmt,
    Suffix, Var,
};
use full_moon::tokenizer::{TokenReference, TokenType};
use full_moon::visitors::Visitor;

/// A problem at a line and column of the linted text (1-based).
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub line: usize,
    pub column: usize,
    pub message: String,
    pub hint: Option<String>,
}

/// What a piece of Lua is checked against.
pub struct Chunk<'a> {
    game: &'a GameDef,
    rules: &'a [RuleFn],
    /// Card code: writes to globals are reported (game scripts build their library first).
    card: bool,
    /// Locals the code is given (a hook's `self`, `controller`, …).
    pub locals: Vec<&'static str>,
    /// A hook whose result the game reads: it must return a value somewhere.
    pub must_return: Option<String>,
}

impl<'a> Chunk<'a> {
    pub fn new(game: &'a GameDef, rules: &'a [RuleFn], card: bool) -> Self {
        Chunk {
            game,
            rules,
            card,
            locals: Vec::new(),
            must_return: None,
        }
    }

    /// Every finding in `code`; code that does not parse is left to the Lua loader's error.
    pub fn lint(&self, code: &str) -> Vec<Finding> {
        let Ok(ast) = full_moon::parse_fallible(code, full_moon::LuaVersion::lua54()).into_result()
        else {
            return Vec::new();
        };
        let mut v = Collect::default();
        v.visit_ast(&ast);
        let mut out = Vec::new();
        for call in &v.calls {
            self.call(call, &mut out);
        }
        if self.card {
            for (name, tok) in &v.writes {
                let local =
                    v.locals.iter().any(|l| l == name) || self.locals.contains(&name.as_str());
                if !local {
                    out.push(at(
                        tok,
                        format!("`{name} = …` writes a global; globals are read-only, so the hook would fail here"),
                        Some(format!("declare it first: `local {name} = …`")),
                    ));
                }
            }
        }
        if let Some(hook) = &self.must_return {
            if !returns_value(ast.nodes()) {
                let ty = format!("{:?}", self.game.hook_return(hook)).to_lowercase();
                out.push(Finding {
                    line: 1,
                    column: 1,
                    message: format!(
                        "the `{hook}` hook never returns a value, so it changes nothing (the game reads its result: {ty}, game.yaml card_hooks)"
                    ),
                    hint: Some(format!("end it with `return <{ty}>`")),
                });
            }
        }
        out.sort_by_key(|f| (f.line, f.column));
        out
    }

    fn call(&self, call: &Called, out: &mut Vec<Finding>) {
        match call.base.as_str() {
            "k" => {
                let Some(ar) = arity(&call.name) else {
                    let known = crate::api::doc::API.iter().map(|e| e.1);
                    out.push(at(
                        &call.name_tok,
                        format!("the kernel API has no function `k.{}`", call.name),
                        Some(format!(
                            "{} (docs/guide/lua-api.md lists them)",
                            did_you_mean(&call.name, known)
                        )),
                    ));
                    return;
                };
                let n = call.args.len();
                let few = n < ar.min && !call.open_ended;
                let many = ar.max.is_some_and(|m| n > m);
                if few || many {
                    let want = match ar.max {
                        Some(m) if m == ar.min => format!("{m}"),
                        Some(m) => format!("{}–{m}", ar.min),
                        None => format!("at least {}", ar.min),
                    };
                    let sig = crate::api::doc::API
                        .iter()
                        .find(|e| e.1 == call.name)
                        .map_or("", |e| e.2);
                    out.push(at(
                        &call.name_tok,
                        format!("`k.{}` takes {want} arguments, not {n}", call.name),
                        Some(format!("its signature: {sig}")),
                    ));
                }
                for &(i, kind) in id_arg(&call.name) {
                    if let Some(Arg::Str(s, tok)) = call.args.get(i) {
                        self.id(kind, s, tok, out);
                    }
                }
            }
            "rules" => {
                let Some(f) = self.rules.iter().find(|f| f.name == call.name) else {
                    let names = self.rules.iter().map(|f| f.name.as_str());
                    out.push(at(
                        &call.name_tok,
                        format!("the game's library has no function `rules.{}`", call.name),
                        Some(format!(
                            "{} (the game's scripts define `rules.*`)",
                            did_you_mean(&call.name, names)
                        )),
                    ));
                    return;
                };
                if let Some(p) = f.params {
                    if call.args.len() > p {
                        out.push(at(
                            &call.name_tok,
                            format!(
                                "`rules.{}` takes at most {p} arguments, not {}",
                                call.name,
                                call.args.len()
                            ),
                            None,
                        ));
                    }
                }
            }
            _ => {}
        }
    }

    fn id(&self, kind: IdKind, s: &str, tok: &TokenReference, out: &mut Vec<Finding>) {
        let declared = kind.declared(self.game);
        if declared.contains(&s) {
            return;
        }
        let (what, key) = kind.what();
        out.push(at(
            tok,
            format!("the game declares no {what} \"{s}\""),
            Some(format!(
                "{} (game.yaml `{key}:`)",
                did_you_mean(s, declared.iter().copied())
            )),
        ));
    }
}

fn at(tok: &TokenReference, message: String, hint: Option<String>) -> Finding {
    let p = tok.token().start_position();
    Finding {
        line: p.line(),
        column: p.character(),
        message,
        hint,
    }
}

/// An argument: a string literal (with its token), or anything else.
enum Arg {
    Str(String, TokenReference),
    Other,
}

/// A call `base.name(args)`.
struct Called {
    base: String,
    name: String,
    name_tok: TokenReference,
    args: Vec<Arg>,
    /// The last argument is a call or `...` (it may expand to any number of values).
    open_ended: bool,
}

#[derive(Default)]
struct Collect {
    calls: Vec<Called>,
    locals: Vec<String>,
    writes: Vec<(String, TokenReference)>,
}

fn ident(tok: &TokenReference) -> Option<String> {
    match tok.token().token_type() {
        TokenType::Identifier { identifier } => Some(identifier.to_string()),
        _ => None,
    }
}

fn string_literal(e: &Expression) -> Option<(String, TokenReference)> {
    match e {
        Expression::String(tok) => match tok.token().token_type() {
            TokenType::StringLiteral { literal, .. } => Some((literal.to_string(), tok.clone())),
            _ => None,
        },
        _ => None,
    }
}

impl Visitor for Collect {
    fn visit_function_call(&mut self, call: &FunctionCall) {
        let Prefix::Name(base) = call.prefix() else {
            return;
        };
        let Some(base) = ident(base) else { return };
        let suffixes: Vec<&Suffix> = call.suffixes().collect();
        let (
            Some(Suffix::Index(ast::Index::Dot { name, .. })),
            Some(Suffix::Call(Call::AnonymousCall(args))),
        ) = (suffixes.first(), suffixes.get(1))
        else {
            return;
        };
        let Some(fname) = ident(name) else { return };
        let (args, open_ended) = match args {
            FunctionArgs::Parentheses { arguments, .. } => {
                let list: Vec<&Expression> = arguments.iter().collect();
                let open = list.last().is_some_and(|e| {
                    matches!(e, Expression::FunctionCall(_))
                        || matches!(e, Expression::Symbol(t) if t.to_string().trim() == "...")
                });
                let args = list
                    .into_iter()
                    .map(|e| match string_literal(e) {
                        Some((s, t)) => Arg::Str(s, t),
                        None => Arg::Other,
                    })
                    .collect();
                (args, open)
            }
            FunctionArgs::String(tok) => {
                let s = match tok.token().token_type() {
                    TokenType::StringLiteral { literal, .. } => literal.to_string(),
                    _ => String::new(),
                };
                (vec![Arg::Str(s, tok.clone())], false)
            }
            FunctionArgs::TableConstructor(_) => (vec![Arg::Other], false),
            _ => return,
        };
        self.calls.push(Called {
            base,
            name: fname,
            name_tok: name.clone(),
            args,
            open_ended,
        });
    }

    fn visit_local_assignment(&mut self, node: &ast::LocalAssignment) {
        self.locals.extend(node.names().iter().filter_map(ident));
    }

    fn visit_local_function(&mut self, node: &ast::LocalFunction) {
        self.locals.extend(ident(node.name()));
    }

    fn visit_parameter(&mut self, node: &Parameter) {
        if let Parameter::Name(t) = node {
            self.locals.extend(ident(t));
        }
    }

    fn visit_generic_for(&mut self, node: &ast::GenericFor) {
        self.locals.extend(node.names().iter().filter_map(ident));
    }

    fn visit_numeric_for(&mut self, node: &ast::NumericFor) {
        self.locals.extend(ident(node.index_variable()));
    }

    fn visit_assignment(&mut self, node: &ast::Assignment) {
        for v in node.variables() {
            if let Var::Name(t) = v {
                if let Some(n) = ident(t) {
                    self.writes.push((n, t.clone()));
                }
            }
        }
    }

    fn visit_function_declaration(&mut self, node: &ast::FunctionDeclaration) {
        let names: Vec<&TokenReference> = node.name().names().iter().collect();
        if let ([t], None) = (names.as_slice(), node.name().method_name()) {
            if let Some(n) = ident(t) {
                self.writes.push((n, (*t).clone()));
            }
        }
    }
}

/// Whether a block (not counting functions it defines) has a `return` with a value.
fn returns_value(block: &Block) -> bool {
    if let Some(LastStmt::Return(r)) = block.last_stmt() {
        if !r.returns().is_empty() {
            return true;
        }
    }
    block.stmts().any(|s| match s {
        Stmt::Do(d) => returns_value(d.block()),
        Stmt::If(i) => {
            returns_value(i.block())
                || i.else_if()
                    .is_some_and(|es| es.iter().any(|e| returns_value(e.block())))
                || i.else_block().is_some_and(returns_value)
        }
        Stmt::While(w) => returns_value(w.block()),
        Stmt::Repeat(r) => returns_value(r.block()),
        Stmt::NumericFor(f) => returns_value(f.block()),
        Stmt::GenericFor(f) => returns_value(f.block()),
        _ => false,
    })
}

/// The functions a game script defines on its library table: `function M.name(…)` and
/// `M.name = function(…)` (names starting with `_` are private).
pub fn library_functions(code: &str, out: &mut Vec<RuleFn>) {
    let Ok(ast) = full_moon::parse_fallible(code, full_moon::LuaVersion::lua54()).into_result()
    else {
        return;
    };
    let params = |body: &ast::FunctionBody| {
        let ps: Vec<&Parameter> = body.parameters().iter().collect();
        (!ps.iter().any(|p| matches!(p, Parameter::Ellipsis(_)))).then_some(ps.len())
    };
    let mut add = |tok: &TokenReference, name: String, params: Option<usize>| {
        if !name.starts_with('_') && !out.iter().any(|f| f.name == name) {
            let p = tok.token().start_position();
            out.push(RuleFn {
                name,
                params,
                at: (p.line(), p.character()),
            });
        }
    };
    for s in ast.nodes().stmts() {
        match s {
            Stmt::FunctionDeclaration(f) => {
                let names: Vec<&TokenReference> = f.name().names().iter().collect();
                if let ([_, n], None) = (names.as_slice(), f.name().method_name()) {
                    if let Some(n) = ident(n) {
                        add(names[1], n, params(f.body()));
                    }
                }
            }
            Stmt::Assignment(a) => {
                for (v, e) in a.variables().iter().zip(a.expressions().iter()) {
                    let Var::Expression(ve) = v else { continue };
                    let suffixes: Vec<&Suffix> = ve.suffixes().collect();
                    if let [Suffix::Index(ast::Index::Dot { name, .. })] = suffixes.as_slice() {
                        if let Some(n) = ident(name) {
                            // `M.x = function(…)`: its parameters; `M.x = f`: any number.
                            let ps = match e {
                                Expression::Function(f) => params(f.body()),
                                _ => None,
                            };
                            add(name, n, ps);
                        }
                    }
                }
            }
            _ => {}
        }
    }
}
