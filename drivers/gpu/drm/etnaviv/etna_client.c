// SPDX-License-Identifier: GPL-2.0-only
/**
 * DOC: A client's share
 *
 * A client's share of what all clients share, by its unfinished jobs:
 * on MMUv1 a quarter of the one address space, and a quarter of the
 * command-buffer pool plus a burst for each of CLIENT_POOL_LINKS jobs:
 * a stream of whole bursts needs one more for its LINK back to the ring,
 * and with it four 64 KiB jobs (two of 128 KiB, the largest) fit in a
 * share, as four fit in upstream's suballocator. Past its share a submit
 * waits for the client's own jobs for as long as one of them is on a
 * core (it ends, done or reset by the hang check) or one finished in the
 * last CLIENT_WAIT: a slow client is served, and one whose jobs all wait
 * on something that never comes is told -EBUSY. Other clients' jobs
 * never hold it up, and a client never holds up the others.
 */

#include <linux/atomic.h>
#include <linux/slab.h>
#include <linux/wait.h>

#include "etna_drv.h"
#include "etna_job.h"

/* A submit past its share waits this long for its client's jobs. */
#define CLIENT_WAIT		HZ

/**
 * etna_client_create() - the share of a new file
 *
 * Return: it, with one reference, or NULL.
 */
struct etna_client *etna_client_create(void)
{
	struct etna_client *client = kzalloc(sizeof(*client), GFP_KERNEL);

	if (client)
		kref_init(&client->ref);
	return client;
}

static void etna_client_release(struct kref *ref)
{
	kfree(container_of(ref, struct etna_client, ref));
}

void etna_client_put(struct etna_client *client)
{
	if (client)
		kref_put(&client->ref, etna_client_release);
}

/* Add @n to @count if the sum stays within @max. */
static bool etna_charge_try(atomic64_t *count, u64 n, u64 max)
{
	s64 old = atomic64_read(count);

	do {
		if (old + n > max)
			return false;
	} while (!atomic64_try_cmpxchg(count, &old, old + n));
	return true;
}

/*
 * Charge @n to one of @client's counts, bounded by @max: at once if it
 * fits, or once the client's own jobs have freed enough. Return: 0,
 * @err (more than the whole share, or still no room after a CLIENT_WAIT
 * in which none of the client's jobs was on a core or finished) or
 * -ERESTARTSYS.
 */
int etna_charge(struct etna_dev *edev, struct etna_client *client,
		atomic64_t *count, u64 n, u64 max, int err)
{
	int freed;
	long ret;

	if (n > max)
		return err;
	do {
		freed = atomic_read(&client->jobs_freed);
		ret = wait_event_interruptible_timeout(edev->client_wq,
						       etna_charge_try(count, n,
								       max),
						       CLIENT_WAIT);
		if (ret)
			return ret < 0 ? ret : 0;
	} while (atomic_read(&client->jobs_freed) != freed ||
		 atomic_read(&client->jobs_ran));
	return err;
}

