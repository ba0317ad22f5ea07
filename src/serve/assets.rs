//! The page: plain files compiled into the binary (no Node toolchain).
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};

pub async fn index() -> Html<&'static str> {
    Html(include_str!("assets/index.html"))
}

pub async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        include_str!("assets/table.js"),
    )
        .into_response()
}

pub async fn style() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        include_str!("assets/table.css"),
    )
        .into_response()
}
