"""The style extractor: an Open Design page (HTML with its CSS inline) → measured style features →
patterns of a closed vocabulary with ordered degrees (decision 0064). Pure: no Qt, no I/O, no clock.

Entry points: `page.extract` (one page's features and the patterns they show),
`evidence.edit_evidence` (what moved between a page before and after an edit), the vocabulary with
its version (`vocabulary.EXTRACTOR_VERSION`), and `page_file.read_page_file` (a page a person names, read as
the store's own files are).
"""
