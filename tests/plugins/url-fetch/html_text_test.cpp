// HTML to readable text: what is kept, what is dropped (issue 17).
#include "html/charset.hpp"
#include "html/html_text.hpp"

#include <acdc/sdk/utf8.hpp>

#include <catch2/catch.hpp>

using namespace acdc::urls;

TEST_CASE("a page keeps its headings, paragraphs, lists, code and links as markdown-like text") {
  PageText p = html_to_text(R"(<!doctype html><html><head><title> The  Title </title>
    <meta name="description" content="About it"><style>body{}</style><script>var x = 1;</script></head>
    <body><nav><a href="/">Home</a></nav><header>Site banner</header>
    <h1>Guide</h1><p>Install  it with <code>pip install x</code>, then <b>run</b>
    <a href="https://x.org/run">the tool</a>.</p>
    <ul><li>one</li><li>two<ol><li>inner</li></ol></li></ul>
    <pre><code>def f():
    return 1
</code></pre>
    <footer>Copyright</footer></body></html>)");
  CHECK(p.title == "The Title");
  CHECK(p.description == "About it");
  CHECK(p.text ==
        "# Guide\n\nInstall it with `pip install x`, then **run** [the tool](https://x.org/run).\n\n"
        "- one\n- two\n  1. inner\n\n```\ndef f():\n    return 1\n```");
}

TEST_CASE("tables become rows of cells with a header rule") {
  PageText p = html_to_text("<table><tr><th>Name</th><th>Size</th></tr><tr><td>a|b</td><td>2 <i>KiB</i></td></tr></table>");
  CHECK(p.text == "| Name | Size |\n| --- | --- |\n| a\\|b | 2 KiB |");
}

TEST_CASE("main content wins over the page's chrome, and hidden parts stay out") {
  PageText p = html_to_text("<body><div>sidebar junk</div><main><h2>Real</h2><p>text</p>"
                            "<div hidden>secret</div><div aria-hidden=\"true\">icon</div></main></body>");
  CHECK(p.text == "## Real\n\ntext");
}

TEST_CASE("broken markup reads as a browser would show it") {
  PageText p = html_to_text("<p>one<p>two <b>bold <i>both</b> after</i><div>x</span></div><li>stray");
  CHECK(p.text == "one\n\ntwo **bold both** after\n\nx\n\nstray");
}

TEST_CASE("charsets: header, meta tag, byte-order mark, and a Latin-1 fallback") {
  CHECK(decode_body("caf\xE9", "text/html; charset=ISO-8859-1", true).text == "caf\u00e9");
  CHECK(decode_body("<meta charset=\"windows-1252\">\x93q\x94", "text/html", true).text ==
        "<meta charset=\"windows-1252\">\u201cq\u201d");
  CHECK(decode_body("\xEF\xBB\xBFhi", "", false).text == "hi");
  CHECK(decode_body(std::string_view("\xFF\xFEh\0i\0", 6), "", false).text == "hi");
  CHECK(decode_body("\x82\xA0", "text/plain; charset=Shift_JIS", false).text == "\u3042");
  Decoded bad = decode_body("ok \xFF\xFE bytes", "text/html; charset=utf-8", true);
  CHECK(bad.text == "ok \u00ff\u00fe bytes");
  CHECK_THAT(bad.note, Catch::Contains("not valid utf-8"));
}

TEST_CASE("a character reference out of Unicode's range reads as U+FFFD, never as a lone byte") {
  // Found by fuzz/html_text: gumbo gave a bare 0x90 byte for it, which is
  // not UTF-8, so the page could not be put in a JSON answer.
  PageText p = html_to_text("<title>&#x110000; t</title><p>a &#x1F609999999990; b</p>");
  CHECK(acdc::is_valid_utf8(p.text));
  CHECK(acdc::is_valid_utf8(p.title));
  CHECK(p.text == "a \xEF\xBF\xBD b");
}
