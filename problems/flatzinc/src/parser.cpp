// A lexer and a recursive-descent parser of FlatZinc (MiniZinc 2.6 specification,
// "FlatZinc grammar"). Tokens are views into the text, so a large table costs no copies
// but the AST's own; the only recursion is the nesting of arrays and annotation calls,
// which is bounded.
#include "backtrack/flatzinc/parser.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace backtrack::flatzinc {

ParseError::ParseError(Position at, const std::string& message)
    : std::runtime_error(std::to_string(at.line) + ":" + std::to_string(at.column) + ": " + message), at_(at) {}

namespace {

// Deeper nesting of arrays and annotation calls than any model needs; the bound keeps the
// recursion off the end of the stack on hostile input.
constexpr int max_nesting = 1000;

enum class Kind {
  end,
  identifier,
  integer,
  floating,
  string,
  left_paren,
  right_paren,
  left_bracket,
  right_bracket,
  left_brace,
  right_brace,
  comma,
  colon,
  double_colon,
  semicolon,
  equals,
  dot_dot,
};

struct Token {
  Kind kind = Kind::end;
  std::string_view text;  // as written; a string keeps its quotes and escapes
  Position at;
  Int integer = 0;
  double floating = 0;
};

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_identifier_char(char c) { return is_letter(c) || is_digit(c); }

// Text for a message: quoted, and cut short when long (a literal may be megabytes).
std::string quoted(std::string_view text) {
  constexpr std::size_t longest = 40;
  if (text.size() > longest) return "'" + std::string(text.substr(0, longest)) + "...'";
  return "'" + std::string(text) + "'";
}

std::string describe(const Token& token) {
  return token.kind == Kind::end ? "the end of the file" : quoted(token.text);
}

bool is_printable(char c) { return c >= 0x20 && c < 0x7f; }

std::string describe_char(char c) {
  if (is_printable(c)) return quoted(std::string_view(&c, 1));
  const auto byte = static_cast<unsigned char>(c);
  constexpr char hex[] = "0123456789abcdef";
  return std::string("byte 0x") + hex[byte >> 4] + hex[byte & 0xf];
}

class Lexer {
 public:
  explicit Lexer(std::string_view text) : text_(text) {}

  // Whether the next token is '..': the look-ahead that tells a range from an integer.
  bool next_is_dot_dot() const {
    const std::size_t offset = blanks_end();
    return text_.substr(offset, 2) == "..";
  }

  Token next() {
    skip_blanks();
    Token token;
    token.at = position_;
    const std::size_t start = offset_;
    if (offset_ == text_.size()) return token;
    const char c = text_[offset_];
    if (is_letter(c)) {
      while (offset_ < text_.size() && is_identifier_char(text_[offset_])) advance();
      token.kind = Kind::identifier;
    } else if (is_digit(c) || c == '-') {
      number(token);
    } else if (c == '"') {
      string_literal();
      token.kind = Kind::string;
    } else {
      token.kind = punctuation(c);
      if (token.kind == Kind::end) {
        throw ParseError(position_, std::string("unexpected ") + (is_printable(c) ? "character " : "") + describe_char(c));
      }
    }
    token.text = text_.substr(start, offset_ - start);
    return token;
  }

 private:
  char peek(std::size_t ahead = 0) const {
    return offset_ + ahead < text_.size() ? text_[offset_ + ahead] : '\0';
  }

  // One character on, within a line: a newline is only ever a blank, which skip_blanks
  // counts.
  void advance() {
    ++position_.column;
    ++offset_;
  }

  void skip_blanks() {
    const std::size_t end = blanks_end();
    for (; offset_ < end; ++offset_) {
      if (text_[offset_] == '\n') {
        ++position_.line;
        position_.column = 1;
      } else {
        ++position_.column;
      }
    }
  }

  // Where the blanks and comments from here end.
  std::size_t blanks_end() const {
    std::size_t offset = offset_;
    while (offset < text_.size()) {
      const char c = text_[offset];
      if (c == '%') {
        while (offset < text_.size() && text_[offset] != '\n') ++offset;
      } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        ++offset;
      } else {
        break;
      }
    }
    return offset;
  }

  Kind punctuation(char c) {
    Kind kind = Kind::end;
    switch (c) {
      case '(': kind = Kind::left_paren; break;
      case ')': kind = Kind::right_paren; break;
      case '[': kind = Kind::left_bracket; break;
      case ']': kind = Kind::right_bracket; break;
      case '{': kind = Kind::left_brace; break;
      case '}': kind = Kind::right_brace; break;
      case ',': kind = Kind::comma; break;
      case ';': kind = Kind::semicolon; break;
      case '=': kind = Kind::equals; break;
      case ':':
        kind = peek(1) == ':' ? Kind::double_colon : Kind::colon;
        if (kind == Kind::double_colon) advance();
        break;
      case '.':
        if (peek(1) != '.') return Kind::end;
        advance();
        kind = Kind::dot_dot;
        break;
      default: return Kind::end;
    }
    advance();
    return kind;
  }

  // [-]?[0-9]+, [-]?0x[0-9A-Fa-f]+, [-]?0o[0-7]+, or a float: [-]?[0-9]+.[0-9]+, with or
  // without an exponent [Ee][-+]?[0-9]+, or [-]?[0-9]+[Ee][-+]?[0-9]+.
  void number(Token& token) {
    const Position at = position_;
    const std::size_t start = offset_;
    const bool negative = peek() == '-';
    if (negative) {
      advance();
      if (!is_digit(peek())) throw ParseError(at, "expected a digit after '-', found " + found_here());
    }
    int base = 10;
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'o')) {
      base = peek(1) == 'x' ? 16 : 8;
      advance();
      advance();
      if (digit_value(peek(), base) < 0) {
        throw ParseError(position_, std::string("expected a digit of base ") + (base == 16 ? "16" : "8") +
                                        " in the integer literal, found " + found_here());
      }
    }
    const std::size_t digits = offset_;
    while (digit_value(peek(), base) >= 0) advance();
    if (base == 10 && ((peek() == '.' && is_digit(peek(1))) || is_exponent())) {
      floating(token, start, at);
      return;
    }
    token.kind = Kind::integer;
    token.integer = integer_value(text_.substr(digits, offset_ - digits), base, negative, at, start);
  }

  bool is_exponent() const {
    if (peek() != 'e' && peek() != 'E') return false;
    return is_digit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && is_digit(peek(2)));
  }

  void floating(Token& token, std::size_t start, Position at) {
    if (peek() == '.') {
      advance();
      while (is_digit(peek())) advance();
    }
    if (is_exponent()) {
      advance();
      if (peek() == '+' || peek() == '-') advance();
      while (is_digit(peek())) advance();
    }
    const std::string_view text = text_.substr(start, offset_ - start);
    token.kind = Kind::floating;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), token.floating);
    if (error != std::errc() || end != text.data() + text.size()) {
      throw ParseError(at, "the float literal " + quoted(text) + " is out of range");
    }
  }

  static int digit_value(char c, int base) {
    int value = -1;
    if (is_digit(c)) value = c - '0';
    if (c >= 'a' && c <= 'f') value = c - 'a' + 10;
    if (c >= 'A' && c <= 'F') value = c - 'A' + 10;
    return value < base ? value : -1;
  }

  // The value of the digits, refused past the 64 bits of Int (-2^63 fits, 2^63 does not).
  Int integer_value(std::string_view digits, int base, bool negative, Position at, std::size_t start) const {
    const std::uint64_t limit = negative ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
    std::uint64_t magnitude = 0;
    for (const char c : digits) {
      const auto digit = static_cast<std::uint64_t>(digit_value(c, base));
      if (magnitude > (limit - digit) / static_cast<std::uint64_t>(base)) {
        throw ParseError(at, "the integer literal " + quoted(text_.substr(start, offset_ - start)) +
                                 " does not fit in 64 bits");
      }
      magnitude = magnitude * static_cast<std::uint64_t>(base) + digit;
    }
    // -2^63 has no positive counterpart: negate in unsigned arithmetic, then convert.
    return negative ? static_cast<Int>(~magnitude + 1) : static_cast<Int>(magnitude);
  }

  // "..." with backslash escapes, on one line (the specification's string-contents).
  void string_literal() {
    const Position at = position_;
    advance();
    while (true) {
      const char c = peek();
      if (offset_ == text_.size() || c == '\n') throw ParseError(at, "the string literal has no closing '\"' on its line");
      if (c == '"') break;
      advance();
      if (c == '\\') {
        if (offset_ == text_.size() || peek() == '\n') {
          throw ParseError(at, "the string literal has no closing '\"' on its line");
        }
        advance();
      }
    }
    advance();
  }

  std::string found_here() const {
    if (offset_ == text_.size()) return "the end of the file";
    return describe_char(peek());
  }

  std::string_view text_;
  std::size_t offset_ = 0;
  Position position_;
};

// A string literal's text without its quotes, escapes replaced by what they stand for.
std::string unescape(std::string_view quoted) {
  std::string text;
  text.reserve(quoted.size());
  for (std::size_t i = 1; i + 1 < quoted.size(); ++i) {
    char c = quoted[i];
    if (c == '\\') {
      c = quoted[++i];
      if (c == 'n') c = '\n';
      if (c == 't') c = '\t';
      if (c == 'r') c = '\r';
    }
    text += c;
  }
  return text;
}

// Values in any order, with repeats, as sorted disjoint ranges; neighbours join.
IntSet set_of(std::vector<Int> values) {
  std::sort(values.begin(), values.end());
  IntSet set;
  for (const Int value : values) {
    if (!set.ranges.empty() && (value <= set.ranges.back().hi || value - 1 == set.ranges.back().hi)) {
      set.ranges.back().hi = std::max(set.ranges.back().hi, value);
    } else {
      set.ranges.push_back({value, value});
    }
  }
  return set;
}

class Parser {
 public:
  explicit Parser(std::string_view text) : lexer_(text) { advance(); }

  Model model() {
    Model model;
    while (!is_keyword("solve")) {
      if (token_.kind == Kind::end) fail("expected the solve item");
      if (is_keyword("predicate")) {
        predicate();
      } else if (is_keyword("constraint")) {
        model.constraints.push_back(constraint());
      } else if (starts_type()) {
        model.declarations.push_back(declaration());
      } else if (is_minizinc_item()) {
        throw ParseError(token_.at, "'" + std::string(token_.text) +
                                        "' is MiniZinc, not FlatZinc: compile the model first, e.g. minizinc --solver "
                                        "backtrack model.mzn data.dzn (or minizinc -c --solver backtrack ... for the "
                                        "FlatZinc file)");
      } else {
        fail("expected an item (predicate, a declaration, constraint or solve)");
      }
    }
    model.solve = solve();
    if (token_.kind != Kind::end) fail("expected the end of the file after the solve item");
    return model;
  }

 private:
  void advance() { token_ = lexer_.next(); }

  // The expectations are literals, made into a message only on failure.
  [[noreturn]] void fail(std::string_view expected) const {
    throw ParseError(token_.at, std::string(expected) + ", found " + describe(token_));
  }

  bool is_keyword(std::string_view word) const { return token_.kind == Kind::identifier && token_.text == word; }
  // An item that only MiniZinc has: a .mzn file given where FlatZinc is read.
  bool is_minizinc_item() const {
    for (const std::string_view word : {"include", "output", "function", "enum", "annotation", "test"}) {
      if (is_keyword(word)) return true;
    }
    return false;
  }

  void expect(Kind kind, std::string_view expected) {
    if (token_.kind != kind) fail(expected);
    advance();
  }

  void expect_keyword(std::string_view word, std::string_view expected) {
    if (!is_keyword(word)) fail(expected);
    advance();
  }

  std::string identifier(std::string_view expected) {
    if (token_.kind != Kind::identifier) fail(expected);
    std::string id(token_.text);
    advance();
    return id;
  }

  Int integer(std::string_view expected) {
    if (token_.kind != Kind::integer) fail(expected);
    const Int value = token_.integer;
    advance();
    return value;
  }

  bool starts_type() const {
    if (token_.kind == Kind::integer || token_.kind == Kind::floating || token_.kind == Kind::left_brace) return true;
    return is_keyword("var") || is_keyword("array") || is_keyword("bool") || is_keyword("int") ||
           is_keyword("float") || is_keyword("set");
  }

  // predicate NAME(TYPE: NAME, ...); read and dropped.
  void predicate() {
    advance();
    identifier("expected the name of the predicate");
    expect(Kind::left_paren, "expected '(' after the predicate's name");
    if (token_.kind != Kind::right_paren) {
      while (true) {
        type(true);
        expect(Kind::colon, "expected ':' after the parameter's type");
        identifier("expected the parameter's name");
        if (token_.kind != Kind::comma) break;
        advance();
      }
    }
    expect(Kind::right_paren, "expected ',' or ')' after the predicate's parameter");
    expect(Kind::semicolon, "expected ';' after the predicate");
  }

  // The type of a declaration or, with in_predicate, of a predicate's parameter, whose
  // arrays may be indexed by `int`. Every base type of the grammar is read (floats and
  // sets too): which ones a model may use is the builder's decision.
  Type type(bool in_predicate) {
    Type type;
    if (is_keyword("array")) {
      advance();
      expect(Kind::left_bracket, "expected '[' after 'array'");
      if (in_predicate && is_keyword("int")) {
        advance();
        type.array_size = 0;
      } else {
        const Position at = token_.at;
        const Int first = integer("expected the index set 1..N of the array");
        expect(Kind::dot_dot, "expected '..' in the array's index set");
        const Int last = integer("expected the last index of the array");
        if (first != 1 || last < 0) throw ParseError(at, "an array's index set is 1..N with N >= 0");
        type.array_size = last;
      }
      expect(Kind::right_bracket, "expected ']' after the array's index set");
      expect_keyword("of", "expected 'of' after the array's index set");
    }
    if (is_keyword("var")) {
      advance();
      type.is_var = true;
    }
    if (is_keyword("bool")) {
      type.base = BaseType::boolean;
      advance();
    } else if (is_keyword("int")) {
      type.base = BaseType::integer;
      advance();
    } else if (is_keyword("float")) {
      type.base = BaseType::floating;
      advance();
    } else if (is_keyword("set")) {
      advance();
      expect_keyword("of", "expected 'of' after 'set'");
      type.base = BaseType::int_set;
      if (is_keyword("int")) {
        advance();
      } else if (token_.kind == Kind::integer || token_.kind == Kind::left_brace) {
        type.domain = int_set();
      } else {
        fail("expected 'int' or a set of integers after 'set of'");
      }
    } else if (token_.kind == Kind::integer || token_.kind == Kind::left_brace) {
      type.base = BaseType::integer;
      type.domain = int_set();
    } else if (token_.kind == Kind::floating) {
      advance();
      expect(Kind::dot_dot, "expected '..' in the float range");
      if (token_.kind != Kind::floating) fail("expected the float range's upper bound");
      advance();
      type.base = BaseType::floating;
    } else {
      fail("expected a type");
    }
    return type;
  }

  // lo..hi or {a, b, ...}: a domain or a set literal of integers.
  IntSet int_set() {
    if (token_.kind == Kind::integer) {
      const Int lo = integer("expected an integer");
      expect(Kind::dot_dot, "expected '..' after the range's lower bound");
      const Int hi = integer("expected the range's upper bound");
      IntSet set;
      if (lo <= hi) set.ranges.push_back({lo, hi});
      return set;
    }
    expect(Kind::left_brace, "expected a set of integers");
    std::vector<Int> values;
    if (token_.kind != Kind::right_brace) {
      while (true) {
        values.push_back(integer("expected an integer in the set"));
        if (token_.kind != Kind::comma) break;
        advance();
      }
    }
    expect(Kind::right_brace, "expected ',' or '}' in the set");
    return set_of(std::move(values));
  }

  // TYPE: NAME ANNOTATIONS [= VALUE]; a parameter or an array has its value.
  Declaration declaration() {
    Declaration declaration;
    declaration.at = token_.at;
    declaration.type = type(false);
    expect(Kind::colon, "expected ':' after the type");
    declaration.id = identifier("expected the name of the declared parameter or variable");
    declaration.annotations = annotations();
    if (token_.kind == Kind::equals) {
      advance();
      declaration.value = expression(0);
    } else if (!declaration.type.is_var) {
      fail("expected '=' and the value of parameter '" + declaration.id + "'");
    } else if (declaration.type.array_size) {
      fail("expected '=' and the elements of array '" + declaration.id + "'");
    }
    if (token_.kind != Kind::semicolon) fail("expected ';' after the declaration of '" + declaration.id + "'");
    advance();
    return declaration;
  }

  // constraint NAME(ARGUMENT, ...) ANNOTATIONS;
  ConstraintItem constraint() {
    ConstraintItem item;
    item.at = token_.at;
    advance();
    item.id = identifier("expected the name of the constraint");
    expect(Kind::left_paren, "expected '(' after the constraint's name");
    item.args = arguments(Kind::right_paren, 0);
    expect(Kind::right_paren, "expected ',' or ')' after the constraint's argument");
    item.annotations = annotations();
    expect(Kind::semicolon, "expected ';' after the constraint");
    return item;
  }

  // solve ANNOTATIONS satisfy; or minimize/maximize EXPRESSION;
  SolveItem solve() {
    SolveItem item;
    item.at = token_.at;
    advance();
    item.annotations = annotations();
    if (is_keyword("satisfy")) {
      advance();
    } else if (is_keyword("minimize") || is_keyword("maximize")) {
      item.goal = is_keyword("minimize") ? SolveItem::Goal::minimize : SolveItem::Goal::maximize;
      advance();
      item.objective = expression(0);
    } else {
      fail("expected 'satisfy', 'minimize' or 'maximize'");
    }
    expect(Kind::semicolon, "expected ';' after the solve item");
    return item;
  }

  // [:: NAME or :: NAME(ARGUMENT, ...)]...
  std::vector<Expr> annotations() {
    std::vector<Expr> annotations;
    while (token_.kind == Kind::double_colon) {
      advance();
      if (token_.kind != Kind::identifier || is_keyword("true") || is_keyword("false")) {
        fail("expected an annotation after '::'");
      }
      Expr& annotation = annotations.emplace_back();
      annotation.at = token_.at;
      std::string id(token_.text);
      advance();
      if (token_.kind == Kind::left_paren) {
        annotation.value = call(std::move(id), annotation.at, 0);
      } else {
        annotation.value = Name{std::move(id)};
      }
    }
    return annotations;
  }

  // The arguments of an annotation call, from its '(' on.
  Call call(std::string id, Position at, int depth) {
    nest(depth, at);
    advance();
    Call call{std::move(id), arguments(Kind::right_paren, depth + 1)};
    expect(Kind::right_paren, "expected ',' or ')' after the annotation's argument");
    return call;
  }

  // Expressions separated by commas, up to (not past) the closing token.
  std::vector<Expr> arguments(Kind closing, int depth) {
    std::vector<Expr> items;
    if (token_.kind == closing) return items;
    while (true) {
      items.push_back(expression(depth));
      if (token_.kind != Kind::comma) return items;
      advance();
    }
  }

  // Any expression of the grammar, annotation calls and arrays of them included; depth
  // counts the arrays and calls around it.
  Expr expression(int depth) {
    Expr expr;
    expr.at = token_.at;
    switch (token_.kind) {
      case Kind::identifier: {
        if (is_keyword("true") || is_keyword("false")) {
          expr.value = is_keyword("true");
          advance();
          break;
        }
        std::string id(token_.text);
        advance();
        if (token_.kind == Kind::left_paren) {
          expr.value = call(std::move(id), expr.at, depth);
        } else if (token_.kind == Kind::left_bracket) {
          advance();
          const Int index = integer("expected an integer index after '['");
          expect(Kind::right_bracket, "expected ']' after the index");
          expr.value = ArrayAccess{std::move(id), index};
        } else {
          expr.value = Name{std::move(id)};
        }
        break;
      }
      case Kind::integer:
        if (lexer_.next_is_dot_dot()) {
          expr.value = int_set();
        } else {
          expr.value = token_.integer;
          advance();
        }
        break;
      case Kind::floating:
        expr.value = token_.floating;
        advance();
        if (token_.kind == Kind::dot_dot) throw ParseError(expr.at, "float ranges are not supported as values");
        break;
      case Kind::left_brace: expr.value = int_set(); break;
      case Kind::left_bracket: {
        nest(depth, expr.at);
        advance();
        ArrayLiteral array{arguments(Kind::right_bracket, depth + 1)};
        expect(Kind::right_bracket, "expected ',' or ']' in the array");
        expr.value = std::move(array);
        break;
      }
      case Kind::string:
        expr.value = StringLiteral{unescape(token_.text)};
        advance();
        break;
      default: fail("expected an expression");
    }
    return expr;
  }

  static void nest(int depth, Position at) {
    if (depth >= max_nesting) {
      throw ParseError(at, "arrays and annotations nest deeper than " + std::to_string(max_nesting) + " levels");
    }
  }

  Lexer lexer_;
  Token token_;
};

}  // namespace

Model parse(std::string_view text) { return Parser(text).model(); }

}  // namespace backtrack::flatzinc
