package dev.querydriven.modelcheck.cql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.querydriven.modelcheck.cql.CqlStatement.Assignment;
import dev.querydriven.modelcheck.cql.CqlStatement.AssignmentKind;
import dev.querydriven.modelcheck.cql.CqlStatement.BatchType;
import dev.querydriven.modelcheck.cql.CqlStatement.Deletion;
import dev.querydriven.modelcheck.cql.CqlStatement.Operator;
import dev.querydriven.modelcheck.cql.CqlStatement.Ordering;
import dev.querydriven.modelcheck.cql.CqlStatement.Relation;
import dev.querydriven.modelcheck.cql.CqlStatement.TableName;
import dev.querydriven.modelcheck.cql.CqlStatement.Term;

/**
 * A recursive-descent reader of the data-manipulation statements (SELECT, INSERT, UPDATE,
 * DELETE, BATCH). It reads the parts that decide how a statement meets the model —
 * tables, restrictions, orderings, assignments, whether an {@code IF} clause makes it a
 * lightweight transaction — and skips what does not (selectors, the conditions
 * themselves). Of a schema statement it reads the head only: what it creates, changes or
 * drops, and in which keyspace. Cassandra validates the statement itself when the model
 * check runs or prepares it; this parser only has to describe statements Cassandra
 * accepts.
 */
final class CqlParser {

	/**
	 * Words that end a value: the next clause, or the next statement of a batch (whose
	 * statements need no semicolons between them).
	 */
	private static final Set<String> CLAUSE_WORDS = Set.of("and", "order", "group", "limit", "per", "allow", "if",
			"using", "apply", "where", "insert", "update", "delete");

	/** The first words of the statements that define the schema (and {@code USE}). */
	private static final Set<String> SCHEMA_VERBS = Set.of("create", "alter", "drop", "use", "truncate");

	private final String text;

	private final List<CqlToken> tokens;

	private int position;

	private CqlParser(String text) {
		this.text = text;
		this.tokens = CqlLexer.tokenize(text)
			.stream()
			.filter((token) -> token.type() != CqlToken.Type.COMMENT)
			.toList();
	}

	static CqlStatement parse(String cql) {
		CqlParser parser = new CqlParser(cql);
		CqlStatement statement = parser.statement();
		parser.acceptSymbol(";");
		if (parser.peek().type() != CqlToken.Type.END) {
			throw parser.error("Unexpected '" + parser.peek().text() + "' after the statement");
		}
		return statement;
	}

	private CqlStatement statement() {
		CqlToken first = peek();
		if (first.isWord("select")) {
			return select();
		}
		if (first.isWord("insert")) {
			return insert();
		}
		if (first.isWord("update")) {
			return update();
		}
		if (first.isWord("delete")) {
			return delete();
		}
		if (first.isWord("begin")) {
			return batch();
		}
		if (first.type() != CqlToken.Type.WORD) {
			throw error("A statement starts with a word, not '" + first.text() + "'");
		}
		if (SCHEMA_VERBS.contains(first.text().toLowerCase(Locale.ROOT))) {
			CqlStatement schema = schema();
			skipToEnd();
			return schema;
		}
		StringBuilder keyword = new StringBuilder(next().text().toUpperCase(Locale.ROOT));
		if (peek().type() == CqlToken.Type.WORD) {
			keyword.append(' ').append(peek().text().toUpperCase(Locale.ROOT));
		}
		skipToEnd();
		return new CqlStatement.Other(keyword.toString());
	}

	/**
	 * Reads the head of a schema statement — verb, object kind, name — which is all the
	 * model check needs: Cassandra itself reads the rest.
	 */
	private CqlStatement schema() {
		String verb = next().text().toUpperCase(Locale.ROOT);
		if (verb.equals("USE")) {
			return new CqlStatement.Schema(verb, name(), null);
		}
		if (verb.equals("TRUNCATE")) {
			if (!acceptWord("table")) {
				acceptWord("columnfamily");
			}
			TableName table = tableName();
			return new CqlStatement.Schema(verb, table.keyspace(), table.table());
		}
		if (verb.equals("CREATE") && acceptWord("or")) {
			expectWord("replace");
		}
		if (verb.equals("CREATE")) {
			acceptWord("custom");
		}
		CqlToken objectToken = next();
		if (objectToken.type() != CqlToken.Type.WORD) {
			throw error("Expected what to " + verb.toLowerCase(Locale.ROOT) + ", found '" + objectToken.text() + "'");
		}
		String object = objectToken.text().toUpperCase(Locale.ROOT);
		if (object.equals("MATERIALIZED")) {
			expectWord("view");
			object = "MATERIALIZED VIEW";
		}
		object = switch (object) {
			case "SCHEMA" -> "KEYSPACE";
			case "COLUMNFAMILY" -> "TABLE";
			default -> object;
		};
		String keyword = verb + " " + object;
		if (acceptWord("if")) {
			acceptWord("not");
			expectWord("exists");
		}
		switch (object) {
			case "KEYSPACE":
				return new CqlStatement.Schema(keyword, name(), null);
			case "INDEX":
				if (verb.equals("CREATE")) {
					if (!peek().isWord("on")) {
						name();
					}
					expectWord("on");
				}
				TableName indexed = tableName();
				return new CqlStatement.Schema(keyword, indexed.keyspace(), indexed.table());
			case "TRIGGER":
				name();
				expectWord("on");
				TableName triggered = tableName();
				return new CqlStatement.Schema(keyword, triggered.keyspace(), triggered.table());
			case "TABLE", "TYPE", "MATERIALIZED VIEW", "FUNCTION", "AGGREGATE":
				TableName named = tableName();
				return new CqlStatement.Schema(keyword, named.keyspace(), named.table());
			default:
				// Roles, users: no keyspace object.
				return new CqlStatement.Other(keyword);
		}
	}

	private void skipToEnd() {
		while (peek().type() != CqlToken.Type.END && !peek().isSymbol(";")) {
			next();
		}
	}

	private CqlStatement.Select select() {
		expectWord("select");
		acceptWord("json");
		boolean distinct = acceptWord("distinct");
		int depth = 0;
		while (depth > 0 || !peek().isWord("from")) {
			CqlToken token = next();
			if (token.type() == CqlToken.Type.END) {
				throw error("SELECT without FROM");
			}
			depth += depthChange(token);
		}
		expectWord("from");
		TableName table = tableName();
		List<Relation> where = List.of();
		if (acceptWord("where")) {
			where = relations();
		}
		if (acceptWord("group")) {
			expectWord("by");
			names();
		}
		List<Ordering> orderBy = new ArrayList<>();
		if (acceptWord("order")) {
			expectWord("by");
			do {
				String column = name();
				boolean descending = acceptWord("desc");
				if (!descending) {
					acceptWord("asc");
				}
				orderBy.add(new Ordering(column, descending));
			}
			while (acceptSymbol(","));
		}
		boolean limited = false;
		if (acceptWord("per")) {
			expectWord("partition");
			expectWord("limit");
			next();
			limited = true;
		}
		if (acceptWord("limit")) {
			next();
			limited = true;
		}
		boolean allowFiltering = false;
		if (acceptWord("allow")) {
			expectWord("filtering");
			allowFiltering = true;
		}
		return new CqlStatement.Select(table, where, List.copyOf(orderBy), allowFiltering, distinct, limited);
	}

	private CqlStatement.Insert insert() {
		expectWord("insert");
		expectWord("into");
		TableName table = tableName();
		List<String> columns = new ArrayList<>();
		List<Term> values = new ArrayList<>();
		if (acceptWord("json")) {
			values.add(term());
			while (peek().isWord("default")) {
				next();
				next();
			}
		}
		else {
			expectSymbol("(");
			columns.addAll(names());
			expectSymbol(")");
			expectWord("values");
			expectSymbol("(");
			do {
				values.add(term());
			}
			while (acceptSymbol(","));
			expectSymbol(")");
		}
		boolean usingTtl = false;
		boolean conditional = false;
		while (peek().type() == CqlToken.Type.WORD) {
			if (acceptWord("if")) {
				expectWord("not");
				expectWord("exists");
				conditional = true;
			}
			else if (peek().isWord("using")) {
				usingTtl |= using();
			}
			else {
				break;
			}
		}
		return new CqlStatement.Insert(table, List.copyOf(columns), List.copyOf(values), usingTtl, conditional);
	}

	private CqlStatement.Update update() {
		expectWord("update");
		TableName table = tableName();
		boolean usingTtl = peek().isWord("using") && using();
		expectWord("set");
		List<Assignment> assignments = new ArrayList<>();
		do {
			assignments.add(assignment());
		}
		while (acceptSymbol(","));
		expectWord("where");
		List<Relation> where = relations();
		boolean conditional = skipCondition();
		return new CqlStatement.Update(table, List.copyOf(assignments), where, usingTtl, conditional);
	}

	private Assignment assignment() {
		String column = name();
		if (acceptSymbol("[")) {
			term();
			expectSymbol("]");
			expectSymbol("=");
			term();
			return new Assignment(column, AssignmentKind.SET_ELEMENT);
		}
		if (acceptSymbol(".")) {
			name();
			expectSymbol("=");
			term();
			return new Assignment(column, AssignmentKind.SET_FIELD);
		}
		expectSymbol("=");
		int start = this.position;
		term();
		List<CqlToken> valueTokens = this.tokens.subList(start, this.position);
		if (valueTokens.size() >= 3 && valueTokens.get(0).isName() && valueTokens.get(0).name().equals(column)) {
			if (valueTokens.get(1).isSymbol("+")) {
				return new Assignment(column, AssignmentKind.ADD);
			}
			if (valueTokens.get(1).isSymbol("-")) {
				return new Assignment(column, AssignmentKind.REMOVE);
			}
		}
		CqlToken last = valueTokens.get(valueTokens.size() - 1);
		if (valueTokens.size() >= 3 && last.isName() && last.name().equals(column)
				&& valueTokens.get(valueTokens.size() - 2).isSymbol("+")) {
			return new Assignment(column, AssignmentKind.PREPEND);
		}
		return new Assignment(column, AssignmentKind.SET);
	}

	private CqlStatement.Delete delete() {
		expectWord("delete");
		List<Deletion> columns = new ArrayList<>();
		if (!peek().isWord("from")) {
			do {
				String column = name();
				boolean element = false;
				if (acceptSymbol("[")) {
					term();
					expectSymbol("]");
					element = true;
				}
				else if (acceptSymbol(".")) {
					name();
				}
				columns.add(new Deletion(column, element));
			}
			while (acceptSymbol(","));
		}
		expectWord("from");
		TableName table = tableName();
		if (peek().isWord("using")) {
			using();
		}
		expectWord("where");
		List<Relation> where = relations();
		boolean conditional = skipCondition();
		return new CqlStatement.Delete(table, List.copyOf(columns), where, conditional);
	}

	private CqlStatement.Batch batch() {
		expectWord("begin");
		BatchType type = BatchType.LOGGED;
		if (acceptWord("unlogged")) {
			type = BatchType.UNLOGGED;
		}
		else if (acceptWord("counter")) {
			type = BatchType.COUNTER;
		}
		else {
			acceptWord("logged");
		}
		expectWord("batch");
		if (peek().isWord("using")) {
			using();
		}
		List<CqlStatement> statements = new ArrayList<>();
		while (!peek().isWord("apply")) {
			if (peek().type() == CqlToken.Type.END) {
				throw error("BEGIN BATCH without APPLY BATCH");
			}
			CqlToken first = peek();
			if (!(first.isWord("insert") || first.isWord("update") || first.isWord("delete"))) {
				throw error("A batch holds INSERT, UPDATE and DELETE statements, not '" + first.text() + "'");
			}
			statements.add(statement());
			acceptSymbol(";");
		}
		expectWord("apply");
		expectWord("batch");
		return new CqlStatement.Batch(type, List.copyOf(statements));
	}

	/** Reads {@code USING TTL x AND TIMESTAMP y}; returns whether a TTL is set. */
	private boolean using() {
		expectWord("using");
		boolean ttl = false;
		do {
			if (acceptWord("ttl")) {
				ttl = true;
			}
			else {
				expectWord("timestamp");
			}
			next();
		}
		while (acceptWord("and"));
		return ttl;
	}

	/** Skips an {@code IF} clause; returns whether there was one. */
	private boolean skipCondition() {
		if (!acceptWord("if")) {
			return false;
		}
		while (peek().type() != CqlToken.Type.END && !peek().isSymbol(";") && !peek().isWord("apply")
				&& !startsStatement(peek())) {
			next();
		}
		return true;
	}

	private static boolean startsStatement(CqlToken token) {
		return token.isWord("insert") || token.isWord("update") || token.isWord("delete");
	}

	private List<Relation> relations() {
		List<Relation> relations = new ArrayList<>();
		do {
			relations.add(relation());
		}
		while (acceptWord("and"));
		return List.copyOf(relations);
	}

	private Relation relation() {
		if (acceptSymbol("(")) {
			List<String> columns = names();
			expectSymbol(")");
			Operator operator = operator();
			return new Relation(columns, false, false, operator, operand(operator));
		}
		if (peek().isWord("token") && peekAt(1).isSymbol("(")) {
			next();
			next();
			List<String> columns = names();
			expectSymbol(")");
			Operator operator = operator();
			return new Relation(columns, true, false, operator, operand(operator));
		}
		String column = name();
		boolean element = false;
		if (acceptSymbol("[")) {
			term();
			expectSymbol("]");
			element = true;
		}
		Operator operator = operator();
		return new Relation(List.of(column), false, element, operator, operand(operator));
	}

	private Term operand(Operator operator) {
		if (operator == Operator.IS_NOT_NULL) {
			return new Term(Term.Kind.CONSTANT, "NULL", -1);
		}
		return term();
	}

	private Operator operator() {
		CqlToken token = next();
		if (token.type() == CqlToken.Type.SYMBOL) {
			switch (token.text()) {
				case "=":
					return Operator.EQ;
				case "!=":
					return Operator.NEQ;
				case "<":
					return Operator.LT;
				case "<=":
					return Operator.LTE;
				case ">":
					return Operator.GT;
				case ">=":
					return Operator.GTE;
				default:
					break;
			}
		}
		if (token.isWord("in")) {
			return Operator.IN;
		}
		if (token.isWord("like")) {
			return Operator.LIKE;
		}
		if (token.isWord("contains")) {
			return acceptWord("key") ? Operator.CONTAINS_KEY : Operator.CONTAINS;
		}
		if (token.isWord("is")) {
			expectWord("not");
			expectWord("null");
			return Operator.IS_NOT_NULL;
		}
		if (token.isWord("not")) {
			if (acceptWord("in")) {
				return Operator.NOT_IN;
			}
			expectWord("contains");
			acceptWord("key");
			return Operator.NOT_CONTAINS;
		}
		throw error("Expected an operator, found '" + token.text() + "'");
	}

	/**
	 * Reads a value: everything up to a comma, a closing bracket or a clause word at the
	 * same nesting depth.
	 */
	private Term term() {
		int start = this.position;
		int depth = 0;
		while (true) {
			CqlToken token = peek();
			if (token.type() == CqlToken.Type.END || token.isSymbol(";")) {
				break;
			}
			if (depth == 0 && (token.isSymbol(",") || token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}")
					|| (token.type() == CqlToken.Type.WORD && this.position > start
							&& (CLAUSE_WORDS.contains(token.text().toLowerCase(Locale.ROOT))
									|| token.isWord("where"))))) {
				break;
			}
			depth += depthChange(next());
			if (depth < 0) {
				throw error("Unbalanced brackets");
			}
		}
		if (this.position == start) {
			throw error("Expected a value, found '" + peek().text() + "'");
		}
		List<CqlToken> value = this.tokens.subList(start, this.position);
		return new Term(kind(value), normalized(value), elements(value));
	}

	private static Term.Kind kind(List<CqlToken> value) {
		CqlToken first = value.get(0);
		if (value.size() == 1) {
			return switch (first.type()) {
				case MARKER -> Term.Kind.MARKER;
				case STRING, CONSTANT -> Term.Kind.CONSTANT;
				case WORD -> Term.Kind.CONSTANT;
				default -> Term.Kind.EXPRESSION;
			};
		}
		if (first.isSymbol("-") && value.size() == 2 && value.get(1).type() == CqlToken.Type.CONSTANT) {
			return Term.Kind.CONSTANT;
		}
		boolean enclosed = closingIndex(value, 0) == value.size() - 1;
		if (enclosed && first.isSymbol("(")) {
			return Term.Kind.TUPLE;
		}
		if (enclosed && (first.isSymbol("[") || first.isSymbol("{"))) {
			return Term.Kind.COLLECTION;
		}
		if (first.type() == CqlToken.Type.WORD && value.get(1).isSymbol("(")
				&& closingIndex(value, 1) == value.size() - 1) {
			return Term.Kind.FUNCTION;
		}
		return Term.Kind.EXPRESSION;
	}

	/** How many top-level elements a bracketed value holds; -1 when it is not one. */
	private static int elements(List<CqlToken> value) {
		CqlToken first = value.get(0);
		if (!(first.isSymbol("(") || first.isSymbol("[") || first.isSymbol("{"))
				|| closingIndex(value, 0) != value.size() - 1) {
			return -1;
		}
		if (value.size() == 2) {
			return 0;
		}
		int count = 1;
		int depth = 0;
		for (int i = 1; i < value.size() - 1; i++) {
			CqlToken token = value.get(i);
			depth += depthChange(token);
			if (depth == 0 && token.isSymbol(",")) {
				count++;
			}
		}
		return count;
	}

	private static int closingIndex(List<CqlToken> value, int open) {
		int depth = 0;
		for (int i = open; i < value.size(); i++) {
			depth += depthChange(value.get(i));
			if (depth == 0) {
				return i;
			}
		}
		return -1;
	}

	private static int depthChange(CqlToken token) {
		if (token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{")) {
			return 1;
		}
		if (token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}")) {
			return -1;
		}
		return 0;
	}

	private static String normalized(List<CqlToken> value) {
		StringBuilder text = new StringBuilder();
		for (CqlToken token : value) {
			text.append((token.type() == CqlToken.Type.WORD) ? token.text().toLowerCase(Locale.ROOT) : token.text());
		}
		return text.toString();
	}

	private TableName tableName() {
		String first = name();
		if (acceptSymbol(".")) {
			return new TableName(first, name());
		}
		return new TableName(null, first);
	}

	private List<String> names() {
		List<String> names = new ArrayList<>();
		do {
			names.add(name());
		}
		while (acceptSymbol(","));
		return List.copyOf(names);
	}

	private String name() {
		CqlToken token = next();
		if (!token.isName()) {
			throw error("Expected a name, found '" + token.text() + "'");
		}
		return token.name();
	}

	private CqlToken peek() {
		return this.tokens.get(this.position);
	}

	private CqlToken peekAt(int offset) {
		return this.tokens.get(Math.min(this.position + offset, this.tokens.size() - 1));
	}

	private CqlToken next() {
		CqlToken token = peek();
		if (token.type() != CqlToken.Type.END) {
			this.position++;
		}
		return token;
	}

	private boolean acceptWord(String word) {
		if (peek().isWord(word)) {
			next();
			return true;
		}
		return false;
	}

	private boolean acceptSymbol(String symbol) {
		if (peek().isSymbol(symbol)) {
			next();
			return true;
		}
		return false;
	}

	private void expectWord(String word) {
		if (!acceptWord(word)) {
			throw error("Expected " + word.toUpperCase(Locale.ROOT) + ", found '" + peek().text() + "'");
		}
	}

	private void expectSymbol(String symbol) {
		if (!acceptSymbol(symbol)) {
			throw error("Expected '" + symbol + "', found '" + peek().text() + "'");
		}
	}

	private CqlParseException error(String message) {
		CqlToken token = peek();
		int lineStart = this.text.lastIndexOf('\n', Math.max(0, token.start() - 1)) + 1;
		int column = token.start() - lineStart + 1;
		return new CqlParseException(message + " (line " + token.line() + ", column " + column + ")");
	}

}
