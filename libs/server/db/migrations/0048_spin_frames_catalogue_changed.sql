-- A car's 360-degree frames are part of the catalogue as its pictures are: a change to them moves
-- every instance's catalogue generation (migration 0016's notification), so an instance that
-- holds a car's spin set in memory drops it, wherever the change was made.
CREATE TRIGGER car_spin_frames_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON car_spin_frames FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed();
