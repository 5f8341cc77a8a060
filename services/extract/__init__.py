"""The style extractor: an Open Design page (HTML with its CSS inline) → measured style features →
patterns of a closed vocabulary with ordered degrees (decision 0064). Pure: no Qt, no I/O, no clock.

Entry points: :func:`creative_memory.services.extract.page.extract` (one page's features and the
patterns they show), :func:`creative_memory.services.extract.evidence.edit_evidence` (what moved
between a page before and after an edit) and the vocabulary with its version,
:mod:`creative_memory.services.extract.vocabulary` (``EXTRACTOR_VERSION``).
"""
