"""The current edition's challenges about formats: choosing the response's with
Accept, declaring the request's with Content-Type, mixing the two, and downloading the
list as a file.
"""

from __future__ import annotations

from challenges.conditions import (
    content_type_in,
    header_absent,
    method_is,
    no_query,
    response_type,
    route,
    status,
)
from challenges.declarations import DOCS, JSON, XML, Challenge, declare, hint, section
from challenges.routes import TODO_ITEM, TODOS, TODOS_EXPORT
from challenges.rules.bodies import unreadable_content_type
from challenges.rules.headers import (
    accept_is,
    accept_unknown,
    accepts_xml,
    asks_for,
    asks_for_json,
    asks_for_xml,
    asks_for_xml_or_nothing,
    lists_xml_and_json,
    ranks_first,
    xml_wins_negotiation,
)
from challenges.rules.todos import attachment_named, export_format

CALENDAR = "text/calendar"
XML_REQUEST_TYPES = ("application/xml", "text/xml")
VENDOR_TODO_XML = "application/vnd.apichallenges.todo+xml"


# --------------------------------------------------------------------------- sections

ACCEPT_SECTION = section(
    "accept",
    "Accept Challenges",
    "The `Accept` request header tells the server which response format you want.",
)
ADVANCED_ACCEPT = section(
    "advanced-accept",
    "Advanced Accept Challenges",
    "`Accept` can rank formats with q-values and name structured or vendor media types. "
    "See how the server weighs them.",
)
CONTENT_TYPE_SECTION = section(
    "content-type",
    "Content-Type Challenges",
    "The `Content-Type` request header tells the server how to read the body you send.",
)
CONTENT_DISPOSITION = section(
    "content-disposition",
    "Content-Disposition Challenges",
    "A `Content-Disposition: attachment` response asks the client to save the body as a file.",
)
MIXED_FORMATS = section(
    "mixed-formats",
    "Mix Accept and Content-Type Challenges",
    "The format you send and the format you receive are independent: send one, ask for another.",
)


# --------------------------------------------------------------------------- challenges

DECLARED: tuple[Challenge, ...] = (
    # 16 Accept Challenges
    declare(
        "GET_ACCEPT_XML",
        "GET /api/todos (200) XML",
        ACCEPT_SECTION,
        "Ask for the todo list as XML with `Accept: application/xml`.",
        (hint("Check the response Content-Type as well as the body."),),
        # `*/*` (curl's and Postman's default) allows XML too: only an XML answer makes a
        # plain list read an attempt here, so those clients' reads record nothing.
        attempt=(method_is("GET"), route(TODOS), accepts_xml(), response_type(XML)),
        credit=(no_query(), status(200)),
    ),
    declare(
        "GET_ACCEPT_JSON",
        "GET /api/todos (200) JSON",
        ACCEPT_SECTION,
        "Ask for the todo list as JSON with `Accept: application/json`.",
        (hint("JSON is also the default, but this time say so explicitly."),),
        attempt=(method_is("GET"), route(TODOS), asks_for_json()),
        credit=(no_query(), status(200), response_type(JSON)),
    ),
    declare(
        "GET_ACCEPT_ANY_DEFAULT_JSON",
        "GET /api/todos (200) ANY",
        ACCEPT_SECTION,
        "Send `Accept: */*` and see which format the API picks when anything will do.",
        (hint("The server falls back to its preferred format."),),
        # `*/*` is also what curl and Postman send unless told otherwise: only a plain read
        # of the list shows this intent, a filtered one is another challenge's.
        attempt=(method_is("GET"), route(TODOS), asks_for("*/*"), no_query()),
        credit=(status(200), response_type(JSON)),
    ),
    declare(
        "GET_ACCEPT_XML_PREFERRED",
        "GET /api/todos (200) XML pref",
        ACCEPT_SECTION,
        "List both XML and JSON in `Accept`, XML first, and receive XML.",
        (
            hint(
                "`Accept: application/xml, application/json`: with equal q-values the first "
                "listed wins."
            ),
        ),
        # Both listed, at equal weights: the order decides.
        attempt=(method_is("GET"), route(TODOS), lists_xml_and_json()),
        credit=(no_query(), xml_wins_negotiation(), status(200), response_type(XML)),
    ),
    declare(
        "GET_JSON_BY_DEFAULT_NO_ACCEPT",
        "GET /api/todos (200) no accept",
        ACCEPT_SECTION,
        "Send no `Accept` header at all and receive the default format, JSON.",
        (hint("Many clients add an Accept header on their own; remove or blank it."),),
        # A client that sends no Accept sends none on every request: only a plain read of
        # the list shows this intent, a filtered one is another challenge's.
        attempt=(method_is("GET"), route(TODOS), header_absent("Accept"), no_query()),
        credit=(status(200), response_type(JSON)),
    ),
    declare(
        "GET_UNSUPPORTED_ACCEPT_406",
        "GET /api/todos (406)",
        ACCEPT_SECTION,
        "Ask for a format the API cannot produce, such as `application/gzip`, and get a 406.",
        (hint("406 means Not Acceptable: no format in your Accept header is available."),),
        attempt=(method_is("GET"), route(TODOS), accept_unknown()),
        credit=(no_query(), status(406)),
    ),
    declare(
        "GET_TODO_ACCEPT_TEXT_CALENDAR",
        "GET /api/todos/{id} (200) text/calendar",
        ACCEPT_SECTION,
        "Fetch one existing todo as an iCalendar task with `Accept: text/calendar`.",
        (hint("Only single todos can be rendered as a calendar entry, not the whole list."),),
        attempt=(method_is("GET"), route(TODO_ITEM), asks_for(CALENDAR)),
        credit=(ranks_first(CALENDAR), status(200), response_type(CALENDAR)),
    ),
    # 17 Advanced Accept Challenges
    declare(
        "GET_ACCEPT_XML_Q_PREFERRED",
        "GET /api/todos (200) q XML preferred",
        ADVANCED_ACCEPT,
        "Use q-values to prefer XML over JSON: "
        "`Accept: application/json;q=0.5, application/xml;q=1`.",
        (hint("A higher q-value wins, whatever the order in the header."),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            accept_is("application/json;q=0.5, application/xml;q=1"),
        ),
        credit=(no_query(), status(200), response_type(XML)),
    ),
    declare(
        "GET_ACCEPT_JSON_Q_PREFERRED",
        "GET /api/todos (200) q JSON preferred",
        ADVANCED_ACCEPT,
        "Use q-values to prefer JSON over XML: "
        "`Accept: application/xml;q=0.5, application/json;q=1`.",
        (hint("The header must list exactly these two types with these q-values."),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            accept_is("application/xml;q=0.5, application/json;q=1"),
        ),
        credit=(no_query(), status(200), response_type(JSON)),
    ),
    declare(
        "GET_ACCEPT_Q_REJECTS_ALL_406",
        "GET /api/todos (406) q rejects all",
        ADVANCED_ACCEPT,
        "Give every format the API supports a q-value of 0 and get a 406: "
        "`Accept: application/json;q=0, application/xml;q=0`.",
        (hint('q=0 means "not acceptable", not "least preferred".'),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            accept_is("application/json;q=0, application/xml;q=0"),
        ),
        credit=(no_query(), status(406)),
    ),
    declare(
        "GET_UNSUPPORTED_STRUCTURED_JSON_ACCEPT_406",
        "GET /api/todos (406) unsupported +json",
        ADVANCED_ACCEPT,
        "Ask for a structured `+json` type such as `application/problem+json` and get a 406: "
        "it is not plain JSON.",
        (hint("`application/*+json` counts too."),),
        attempt=(
            method_is("GET"),
            route(TODOS),
            accept_is("application/problem+json", "application/*+json"),
        ),
        credit=(no_query(), status(406)),
    ),
    declare(
        "GET_ACCEPT_TEXT_XML",
        "GET /api/todos (200) text/xml",
        ADVANCED_ACCEPT,
        "Ask for `text/xml`, the other common XML media type, and receive XML labelled as such.",
        (hint("Compare the Content-Type of the response with the application/xml one."),),
        attempt=(method_is("GET"), route(TODOS), accept_is("text/xml")),
        credit=(no_query(), status(200), response_type("text/xml")),
    ),
    declare(
        "GET_ACCEPT_VENDOR_XML",
        "GET /api/todos (200) vendor XML",
        ADVANCED_ACCEPT,
        "Ask for the vendor type `application/vnd.apichallenges.todo+xml`; the API honours "
        "types that name the todo model.",
        (hint("The response Content-Type echoes the vendor type you asked for."),),
        attempt=(method_is("GET"), route(TODOS), accept_is(VENDOR_TODO_XML)),
        credit=(no_query(), status(200), response_type(VENDOR_TODO_XML)),
    ),
    declare(
        "GET_ACCEPT_STRUCTURED_XML_WILDCARD",
        "GET /api/todos (200) structured XML wildcard",
        ADVANCED_ACCEPT,
        "Send `Accept: application/*+xml` and see which structured XML type the API chooses.",
        (hint("Look at the Content-Type the server picked for you."),),
        attempt=(method_is("GET"), route(TODOS), accept_is("application/*+xml")),
        credit=(no_query(), status(200), response_type("application/todo+xml")),
    ),
    # 18 Content-Type Challenges
    declare(
        "POST_CREATE_XML",
        "POST /api/todos XML",
        CONTENT_TYPE_SECTION,
        "Create a todo with an XML body and ask for an XML response.",
        (
            hint(
                "`Content-Type: application/xml`, `Accept: application/xml` and a body like "
                "`<todo><title>from xml</title></todo>`."
            ),
        ),
        attempt=(
            method_is("POST"),
            route(TODOS),
            content_type_in(*XML_REQUEST_TYPES),
            asks_for_xml_or_nothing(),
        ),
        credit=(status(201), response_type(XML)),
    ),
    declare(
        "POST_CREATE_JSON",
        "POST /api/todos JSON",
        CONTENT_TYPE_SECTION,
        "Create a todo with a JSON body and ask for a JSON response.",
        (hint("Set both `Content-Type` and `Accept` to `application/json`."),),
        attempt=(method_is("POST"), route(TODOS), content_type_in(JSON), asks_for_json()),
        credit=(status(201), response_type(JSON)),
    ),
    declare(
        "POST_CREATE_VENDOR_XML",
        "POST /api/todos vendor XML",
        CONTENT_TYPE_SECTION,
        "Create a todo with an XML body declared as "
        "`Content-Type: application/vnd.apichallenges.todo+xml`.",
        (hint("The body is an ordinary `<todo>` document; any response format will do."),),
        attempt=(method_is("POST"), route(TODOS), content_type_in(VENDOR_TODO_XML)),
        credit=(status(201),),
    ),
    declare(
        "POST_TODOS_415",
        "POST /api/todos (415)",
        CONTENT_TYPE_SECTION,
        "Create a todo with a Content-Type the API cannot read, such as `text/plain`, and get "
        "a 415.",
        (
            hint(
                "415 means Unsupported Media Type: it is about what you sent, not what you "
                "asked for."
            ),
        ),
        attempt=(method_is("POST"), route(TODOS), unreadable_content_type()),
        credit=(status(415),),
    ),
    # 19 Content-Disposition Challenges
    declare(
        "GET_TODOS_EXPORT_CSV_CONTENT_DISPOSITION",
        "GET /api/todos/export (200) CSV download",
        CONTENT_DISPOSITION,
        "Download your todos as a CSV file from `/api/todos/export`.",
        (
            hint(
                "Choose the format with `?format=csv` and read the Content-Disposition header.",
                DOCS,
            ),
        ),
        attempt=(method_is("GET"), route(TODOS_EXPORT), export_format("csv")),
        credit=(status(200), attachment_named("todos.csv")),
    ),
    declare(
        "GET_TODOS_EXPORT_HTML_CONTENT_DISPOSITION",
        "GET /api/todos/export (200) HTML download",
        CONTENT_DISPOSITION,
        "Download your todos as an HTML file from `/api/todos/export`.",
        (hint("`?format=html`."),),
        attempt=(method_is("GET"), route(TODOS_EXPORT), export_format("html")),
        credit=(status(200), attachment_named("todos.html")),
    ),
    declare(
        "GET_TODOS_EXPORT_TSV_CONTENT_DISPOSITION",
        "GET /api/todos/export (200) tab-delimited download",
        CONTENT_DISPOSITION,
        "Download your todos as a tab-separated file from `/api/todos/export`.",
        (hint("`?format=tsv` (or `tab`)."),),
        attempt=(method_is("GET"), route(TODOS_EXPORT), export_format("tsv")),
        credit=(status(200), attachment_named("todos.tsv")),
    ),
    # 21 Mix Accept and Content-Type Challenges
    declare(
        "POST_CREATE_XML_ACCEPT_JSON",
        "POST /api/todos XML to JSON",
        MIXED_FORMATS,
        "Create a todo with an XML body and ask for the response as JSON.",
        (hint("`Content-Type: application/xml` with `Accept: application/json`."),),
        attempt=(
            method_is("POST"),
            route(TODOS),
            content_type_in(*XML_REQUEST_TYPES),
            asks_for_json(),
        ),
        credit=(status(201), response_type(JSON)),
    ),
    declare(
        "POST_CREATE_JSON_ACCEPT_XML",
        "POST /api/todos JSON to XML",
        MIXED_FORMATS,
        "Create a todo with a JSON body and ask for the response as XML.",
        (hint("`Content-Type: application/json` with `Accept: application/xml`."),),
        attempt=(method_is("POST"), route(TODOS), content_type_in(JSON), asks_for_xml()),
        credit=(status(201), response_type(XML)),
    ),
)
