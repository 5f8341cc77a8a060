"""The demo data's words: the preference types, a designer's signature tastes, the adjectives and
nouns the rest of the vocabulary is made of, project names, and the signal mix
(:mod:`services.demo.demo`)."""

from __future__ import annotations

from typing import Final

from creative_memory.model.constants import SignalType

POS, NEG = 0, 1
POLARITY_TEXT: Final = ("positive", "negative")

# fmt: off
TYPES: Final = ("typography", "color", "layout", "spacing", "imagery", "tone", "motion", "iconography")

# The head: what a designer's feedback is mostly about (fixed polarity: the "core taste").
SIGNATURE: Final[tuple[tuple[str, str, int], ...]] = (
    ("typography", "serif_headlines", POS),
    ("spacing", "airy_spacing", POS),
    ("color", "muted_palette", POS),
    ("layout", "drop_shadows", NEG),
    ("layout", "dense_grids", NEG),
    ("imagery", "monochrome_imagery", POS),
    ("layout", "left_aligned_titles", POS),
    ("layout", "rounded_corners", POS),
    ("typography", "high_contrast_type", POS),
    ("tone", "confident_voice", POS),
    ("color", "neon_accents", NEG),
    ("imagery", "stock_photos", NEG),
    ("motion", "subtle_transitions", POS),
    ("iconography", "outlined_icons", POS),
    ("typography", "tiny_captions", NEG),
    ("spacing", "cramped_margins", NEG),
    ("tone", "corporate_copy", NEG),
    ("motion", "bouncy_animations", NEG),
    ("color", "warm_neutrals", POS),
    ("imagery", "grainy_textures", POS),
    ("iconography", "skeuomorphic_icons", NEG),
    ("layout", "asymmetric_compositions", POS),
    ("typography", "condensed_sans_headlines", POS),
    ("spacing", "generous_gutters", POS),
    ("tone", "playful_microcopy", POS),
    ("color", "saturated_gradients", NEG),
    ("layout", "full_bleed_hero", POS),
    ("imagery", "candid_portraits", POS),
    ("motion", "parallax_scrolling", NEG),
    ("iconography", "filled_icons", NEG),
    ("typography", "justified_body_copy", NEG),
    ("layout", "centered_titles", NEG),
)

ADJECTIVES: Final[dict[str, tuple[str, ...]]] = {
    "typography": (
        "serif", "sans_serif", "slab_serif", "geometric", "humanist", "condensed", "extended", "light",
        "bold", "heavy", "thin", "oversized", "uppercase", "lowercase", "tracked_out", "tight", "loose",
        "monospaced", "handwritten", "high_contrast", "classic", "playful", "editorial", "rounded",
        "italic", "variable_weight", "retro", "elegant", "quirky", "compact", "left_aligned", "centered",
        "grotesque", "didone", "stencil", "script",
    ),
    "color": (
        "muted", "vibrant", "pastel", "neon", "earthy", "warm", "cool", "monochrome", "saturated",
        "desaturated", "jewel_toned", "high_contrast", "low_contrast", "dark", "light", "dusty", "bright",
        "soft", "bold", "analogous", "complementary", "sepia", "candy", "metallic", "acid_green", "ocean",
        "forest", "sunset", "terracotta", "sage", "navy", "mustard", "blush", "charcoal", "off_white",
        "teal", "coral", "lavender",
    ),
    "layout": (
        "dense", "airy", "asymmetric", "symmetric", "centered", "left_aligned", "modular", "stacked",
        "split", "full_bleed", "boxed", "overlapping", "staggered", "bento", "magazine", "masonry",
        "single_column", "two_column", "three_column", "z_pattern", "broken_grid", "rigid", "fluid",
        "nested", "floating", "sticky", "edge_to_edge", "framed", "minimal", "crowded", "balanced",
        "diagonal", "layered", "card_based", "horizontal", "offset",
    ),
    "spacing": (
        "airy", "tight", "generous", "compact", "even", "uneven", "consistent", "roomy", "cramped", "loose",
        "narrow", "wide", "balanced", "minimal", "ample", "dense", "relaxed", "snug", "breathable",
        "proportional", "modular", "large", "small", "eight_point", "four_point", "fluid", "fixed",
        "responsive", "asymmetric", "symmetric",
    ),
    "imagery": (
        "monochrome", "black_and_white", "duotone", "grainy", "glossy", "matte", "candid", "staged", "flat",
        "isometric", "hand_drawn", "watercolor", "vector", "photoreal", "abstract", "geometric", "organic",
        "vintage", "cinematic", "moody", "bright", "natural_light", "studio_lit", "blurred", "sharp",
        "close_up", "wide_angle", "aerial", "cutout", "minimal", "busy", "stock", "authentic", "retro",
        "surreal", "3d", "pixel", "line_art", "textured", "collage",
    ),
    "tone": (
        "playful", "serious", "formal", "casual", "friendly", "witty", "warm", "confident", "humble",
        "bold", "quiet", "luxurious", "technical", "approachable", "corporate", "quirky", "minimal",
        "poetic", "direct", "energetic", "calm", "optimistic", "edgy", "nostalgic", "premium", "earnest",
        "sarcastic", "whimsical", "authoritative", "conversational", "understated", "dramatic", "clinical",
        "cheerful",
    ),
    "motion": (
        "subtle", "snappy", "slow", "fast", "springy", "smooth", "bouncy", "linear", "eased", "minimal",
        "playful", "cinematic", "staggered", "looping", "reduced", "elastic", "gentle", "abrupt", "fluid",
        "layered",
    ),
    "iconography": (
        "outlined", "filled", "duotone", "rounded", "sharp", "line", "flat", "skeuomorphic", "hand_drawn",
        "geometric", "minimal", "detailed", "thin_stroke", "bold_stroke", "colorful", "monochrome", "pixel",
        "3d", "playful", "isometric",
    ),
}

NOUNS: Final[dict[str, tuple[str, ...]]] = {
    "typography": (
        "headlines", "titles", "body_copy", "subheads", "captions", "labels", "pull_quotes", "numerals",
        "wordmarks", "lettering", "type_scale", "drop_caps", "callouts", "footnotes", "nav_labels",
        "button_labels", "bylines", "table_text", "eyebrows", "display_type", "hero_type", "type",
        "small_caps", "quotes", "data_labels",
    ),
    "color": (
        "palette", "accents", "backgrounds", "gradients", "highlights", "neutrals", "links", "buttons",
        "borders", "overlays", "charts", "duotones", "brand_colors", "headers", "footers", "cards", "tints",
        "text_color", "color_blocking", "icon_colors", "hover_states", "dark_mode", "section_fills",
        "data_colors", "shadows",
    ),
    "layout": (
        "grids", "columns", "titles", "hero", "sections", "cards", "sidebars", "navigation", "footers",
        "margins", "alignment", "compositions", "modules", "tables", "galleries", "forms", "headers",
        "spreads", "dashboards", "panels", "lists", "timelines", "slides", "covers", "menus", "tiles",
    ),
    "spacing": (
        "spacing", "padding", "margins", "gutters", "line_height", "paragraph_gaps", "section_gaps",
        "whitespace", "leading", "tracking", "rhythm", "insets", "card_padding", "button_padding",
        "list_spacing", "table_rows", "form_fields", "icon_spacing", "grid_gaps", "vertical_rhythm",
        "page_margins", "header_spacing",
    ),
    "imagery": (
        "imagery", "photos", "illustrations", "portraits", "backgrounds", "textures", "patterns",
        "hero_images", "product_shots", "thumbnails", "collages", "renders", "mockups", "diagrams",
        "infographics", "avatars", "landscapes", "still_lifes", "crops", "photography", "graphics",
    ),
    "tone": (
        "tone", "voice", "copy", "microcopy", "ctas", "taglines", "mood", "messaging", "error_messages",
        "greetings", "storytelling", "humor", "intros", "descriptions", "headings", "onboarding_copy",
        "empty_states", "captions", "headlines", "sign_offs",
    ),
    "motion": (
        "transitions", "animations", "hover_effects", "scrolling", "parallax", "loaders",
        "micro_interactions", "page_transitions", "reveals", "carousels", "easing", "fades", "zooms",
        "video_loops", "cursor_effects", "menus",
    ),
    "iconography": (
        "icons", "pictograms", "glyphs", "badges", "bullets", "arrows", "logos", "emoji", "symbols",
        "markers", "nav_icons", "app_icons", "favicons", "stickers", "spot_illustrations",
    ),
}

CONTEXTS: Final = (
    "in_headers", "on_mobile", "for_print", "in_slides", "on_cards", "in_hero", "in_emails", "on_social",
    "in_reports", "in_dashboards", "on_packaging", "in_ads", "on_landing_pages", "in_onboarding",
)

NAMED_PROJECTS: Final = (
    "p_brand_refresh", "p_investor_deck", "p_cafe_menu", "p_portfolio_site", "p_product_launch",
    "p_annual_report", "p_wedding_invite", "p_mobile_onboarding", "p_conference_poster", "p_newsletter",
    "p_podcast_cover", "p_recipe_app",
)
PROJECT_WORDS: Final = (
    "landing", "pitch", "poster", "catalog", "dashboard", "brochure", "flyer", "lookbook", "storefront",
    "campaign", "booklet", "microsite", "banner", "packaging", "menu", "invite", "slides", "report", "zine",
    "label", "onboarding", "checkout", "keynote", "album", "festival", "gallery",
)



def project_name(project_id: str) -> str:
    """The name a demo project goes by in its stand-in of Open Design's project list:
    ``p_brand_refresh`` → ``Brand refresh``, ``p_poster_2`` → ``Poster 2``."""
    words = project_id.removeprefix("p_").replace("_", " ").strip()
    return words[:1].upper() + words[1:]


# Signal mix per polarity of the patterns an event speaks for (weights, cumulative below).
POS_SIGNALS: Final = (
    (SignalType.THUMBS_UP, 36),
    (SignalType.REPEATED_ACCEPTANCE, 30),
    (SignalType.MANUAL_REFINEMENT, 14),
    (SignalType.EXPLICIT_TAG, 9),
    (SignalType.REVERT_AFTER_EDIT, 4),
)
NEG_SIGNALS: Final = (
    (SignalType.THUMBS_DOWN, 38),
    (SignalType.SINGLE_REJECTION, 28),
    (SignalType.ABANDONED_GENERATION, 13),
    (SignalType.EXPLICIT_TAG, 12),
    (SignalType.MANUAL_REFINEMENT, 8),
)
DIFF_VERBS: Final = (("more", "less"), ("switched to", "dropped"), ("leaned into", "removed"), ("added", "cut"))
# fmt: on
