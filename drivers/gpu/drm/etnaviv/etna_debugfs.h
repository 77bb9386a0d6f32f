/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef ETNA_DEBUGFS_H
#define ETNA_DEBUGFS_H

struct drm_minor;

void etna_debugfs_init(struct drm_minor *minor);

#endif /* ETNA_DEBUGFS_H */
